import Foundation
import MCP

/// The tools an assistant is offered: their names, what they do in words a model reads, and the
/// JSON schemas of what they take. A token that may only read is offered none that write.
enum AssistantTool: String, CaseIterable, Sendable {
    case searchFoods = "search_foods"
    case readDay = "read_day"
    case readDays = "read_days"
    case readBody = "read_body"
    case readPlan = "read_plan"
    case logFoods = "log_foods"
    case logFood = "log_food"
    case logWater = "log_water"
    case logWeight = "log_weight"
    case addToShoppingList = "add_to_shopping_list"
    case undoLast = "undo_last"

    var writes: Bool { [.logFoods, .logFood, .logWater, .logWeight, .addToShoppingList, .undoLast].contains(self) }

    static func offered(canWrite: Bool) -> [AssistantTool] { allCases.filter { canWrite || !$0.writes } }

    /// Made once: reading nine schemas into MCP's values took 3 ms of every `tools/list`.
    var tool: Tool { Self.made[self]! }

    private static let made = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.make()) })

    private func make() -> Tool {
        Tool(
            name: rawValue, title: title, description: description, inputSchema: Self.schema(input),
            annotations: .init(readOnlyHint: !writes, destructiveHint: self == .undoLast, idempotentHint: !writes, openWorldHint: false))
    }

    private var title: String {
        switch self {
        case .searchFoods: "Search foods"
        case .readDay: "Read a day"
        case .readDays: "Read days' totals"
        case .readBody: "Read weight and body"
        case .readPlan: "Read the meal plan and its shopping list"
        case .logFoods: "Log what was eaten"
        case .logFood: "Log one food"
        case .logWater: "Log water"
        case .logWeight: "Log a weigh-in"
        case .addToShoppingList: "Add to the shopping list"
        case .undoLast: "Undo the last log"
        }
    }

    private static let day =
        #"{"type": "string", "format": "date", "description": "The day, like 2026-03-09; today when left out. Never a day to come."}"#
    private static let slot =
        #"{"type": "string", "enum": ["breakfast", "lunch", "dinner", "snacks"], "description": "The meal; when left out, the one the time of day says (today) or the usual one."}"#

    private var description: String {
        switch self {
        case .searchFoods:
            "Search the diary's foods: the person's own foods and recipes first, then the USDA and FoodData Central catalog (offline). Each food has an `id` to pass to log_food, its energy per 100 g (or 100 ml), and the amount one tap adds."
        case .readDay:
            "Read one day of the diary: its meals with their foods and amounts, the day's totals against the person's goals, exercise and steps, and each nutrient against what the person needs."
        case .readDays:
            "Read each day's totals (energy, protein, fat, carbohydrate and more, exercise, steps) from one day through another, at most 92 days. For a week's or a month's review."
        case .readBody:
            "Read the person's weight trend, weekly rate, water goal and the latest reading of each body measure."
        case .readPlan:
            "Read the person's meal plan from one day through another (at most 31 days; the next 7 days when left out): each day's planned recipes, favourite meals, foods and notes with their meal, servings and energy, the day's planned totals and the nutrients it falls short on; and the shopping list those days need, summed in kitchen units and grouped by aisle, with what is ticked off."
        case .logFoods:
            "Log what the person ate, from their own words (\"2 eggs, toast with butter and a coffee\"), exactly as the diary's \"What did you have?\" box reads them: each food placed on the catalog or their own foods, in the amount said or a customary serving. Says exactly what it saved, what amounts it guessed and what it could not find (which it did not save)."
        case .logFood:
            "Log one food by its `id` from search_foods, in an amount (\"150 g\", \"2 slices\", \"1 cup\"); without one, the amount one tap adds. Says exactly what it saved."
        case .logWater:
            "Log water the person drank, in millilitres."
        case .logWeight:
            "Log a weigh-in, in kilograms or pounds."
        case .addToShoppingList:
            "Add an item of the person's own to their shopping list (\"kitchen roll\", \"2 packs\"), in an aisle: produce, dairy, meat, bakery, pantry or frozen."
        case .undoLast:
            "Take back the last thing this assistant logged (foods, water, a weigh-in or a shopping list item) in this diary. Says what it removed."
        }
    }

    /// JSON Schema of the arguments, written as JSON.
    private var input: String {
        switch self {
        case .searchFoods:
            #"{"type": "object", "properties": {"query": {"type": "string", "description": "Words of the food, like \"greek yogurt\"."}, "limit": {"type": "integer", "minimum": 1, "maximum": 25, "description": "How many foods; 10 when left out."}}, "required": ["query"]}"#
        case .readDay:
            #"{"type": "object", "properties": {"date": \#(Self.day)}}"#
        case .readDays:
            #"{"type": "object", "properties": {"from": {"type": "string", "format": "date", "description": "The first day, like 2026-03-02."}, "to": \#(Self.day)}, "required": ["from"]}"#
        case .readBody, .undoLast:
            #"{"type": "object", "properties": {}}"#
        case .readPlan:
            #"{"type": "object", "properties": {"from": {"type": "string", "format": "date", "description": "The first day, like 2026-03-09; today when left out."}, "to": {"type": "string", "format": "date", "description": "The last day; six days after `from` when left out."}}}"#
        case .addToShoppingList:
            #"{"type": "object", "properties": {"name": {"type": "string", "description": "What to buy, up to 120 characters."}, "amount": {"type": "string", "description": "How much, like \"2 packs\"; up to 40 characters."}, "aisle": {"type": "string", "enum": ["produce", "dairy", "meat", "bakery", "pantry", "frozen"], "description": "Where it is in a shop; pantry when left out."}}, "required": ["name"]}"#
        case .logFoods:
            #"{"type": "object", "properties": {"text": {"type": "string", "description": "What was eaten, in the person's words, up to 30 foods."}, "date": \#(Self.day), "slot": \#(Self.slot)}, "required": ["text"]}"#
        case .logFood:
            #"{"type": "object", "properties": {"id": {"type": "string", "description": "A food's id from search_foods, like catalog:9040 or my:3."}, "amount": {"type": "string", "description": "How much, like \"150 g\", \"2 slices\" or \"1 cup\"."}, "date": \#(Self.day), "slot": \#(Self.slot)}, "required": ["id"]}"#
        case .logWater:
            #"{"type": "object", "properties": {"millilitres": {"type": "number", "minimum": 10, "maximum": 5000}, "date": \#(Self.day)}, "required": ["millilitres"]}"#
        case .logWeight:
            #"{"type": "object", "properties": {"kilograms": {"type": "number", "minimum": 20, "maximum": 400}, "pounds": {"type": "number", "minimum": 44, "maximum": 880}, "date": \#(Self.day)}, "description": "Give kilograms or pounds."}"#
        }
    }

    private static func schema(_ json: String) -> Value {
        // Written here, so a schema that does not read is this file's mistake, caught by the tests.
        (try? JSONDecoder().decode(Value.self, from: Data(json.utf8))) ?? .object([:])
    }
}
