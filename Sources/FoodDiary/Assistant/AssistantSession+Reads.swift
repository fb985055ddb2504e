import FoodDiaryBase
import FoodDiaryCatalog
import Foundation

/// The tools that read: foods, a day, days' totals, the body. Each answers with the JSON the
/// diary's API gives for the same thing, and a few sentences for a model that reads text.
extension AssistantSession {
    static let maxQuery = 200
    static let maxDays = 92

    struct FoodFound: Encodable {
        let id: String
        let name: String
        let kind: String
        let detail: String
        let kcalPer100: Double?
        /// "g" or "ml": what `kcalPer100` is per 100 of.
        let per: String
        let oneTapAmount: String
        let oneTapGrams: Double
    }

    struct FoodsFound: Encodable {
        let query: String
        let correctedQuery: String?
        let foods: [FoodFound]
    }

    func searchFoods(_ arguments: ToolArguments) async throws -> Outcome {
        let query = try arguments.required("query", max: Self.maxQuery)
        let limit = Int(try arguments.number("limit", in: 1...25) ?? 10)
        let diary = person.diary
        async let own = diary.ownFoods(matching: query)
        let logged = try await diary.loggedCatalogFoods()
        let result = try await services.catalog.search { db in try FoodSearch.search(db, query: query, limit: limit, logged: logged) }
        let mine = try await own
        let ownIDs = ["my:": mine.myFoods.map(\.id), "recipe:": mine.recipes.map(\.id), "saved:": mine.saved.map(\.id)]
            .sorted { $0.key < $1.key }.flatMap { kind, ids in ids.map { kind + String($0) } }
        let ids = Array((ownIDs + result.foods.map { "catalog:\($0.id)" }).prefix(limit))
        let last = try await diary.lastCatalogAmounts()
        var foods: [FoodFound] = []
        for id in ids {
            let resolved = try await sources.resolve(id)
            let amount = resolved.oneTapAmount(last: resolved.catalogFoodID.flatMap { last[$0] })
            let unit = resolved.food.basisUnit
            foods.append(
                FoodFound(
                    id: id, name: resolved.food.description, kind: String(id.prefix { $0 != ":" }), detail: resolved.details,
                    kcalPer100: Self.energyKcal(of: resolved.food, grams: 100), per: unit.symbol,
                    oneTapAmount: amount.label, oneTapGrams: amount.grams))
        }
        let lines = foods.map {
            "\($0.name) [\($0.id)]: \($0.kcalPer100.map { kcalText($0) } ?? "energy unknown") per 100 \($0.per); one tap adds \($0.oneTapAmount)"
        }
        let corrected = result.correctedQuery.map { " (read as “\($0)”)" } ?? ""
        let text =
            foods.isEmpty
            ? "No food matches “\(query)”\(corrected)." : "Foods for “\(query)”\(corrected):\n" + lines.joined(separator: "\n")
        return Outcome(
            text: text, structured: FoodsFound(query: query, correctedQuery: result.correctedQuery, foods: foods),
            summary: "searched foods for “\(query)”: \(foods.count) found")
    }

    struct DayAnswer: Encodable {
        let day: DayJSON
        let nutrients: NutrientsReportJSON
    }

    func readDay(_ arguments: ToolArguments) async throws -> Outcome {
        let date = try arguments.day("date", today: today)
        let day = try await DayJSON.read(person.diary, date: date)
        let (report, settings) = try await NutrientReport.read(person.diary, through: date, days: 1)
        let meals = day.meals.count == 1 ? "1 meal" : "\(day.meals.count) meals"
        let text =
            "\(date.longText): \(meals). The JSON lists each meal's foods and amounts, the totals against the goals, exercise, and each nutrient against the person's needs."
        return Outcome(
            text: text,
            structured: DayAnswer(day: day, nutrients: NutrientsReportJSON(report: report, settings: settings, date: date, days: 1)),
            summary: "read \(date.longText)")
    }

    func readDays(_ arguments: ToolArguments) async throws -> Outcome {
        let last = try arguments.day("to", today: today)
        guard arguments.values["from"] != nil else { throw ToolProblem("Give `from`, the first day, like \(last.adding(days: -6)).") }
        let first = try arguments.day("from", today: today)
        guard first <= last else { throw ToolProblem("`from` (\(first)) comes after `to` (\(last)).") }
        guard first.days(to: last) < Self.maxDays else { throw ToolProblem("Read at most \(Self.maxDays) days at a time.") }
        let trends = try await TrendsJSON.read(person.diary, from: first, through: last)
        let logged = trends.rows.filter { $0.mealCount > 0 }.count
        return Outcome(
            text:
                "Each day's totals from \(first.longText) through \(last.longText); \(logged) of the \(trends.days) days \(logged == 1 ? "has" : "have") meals logged.",
            structured: trends,
            summary: "read the days from \(first) to \(last)")
    }

    struct PlanAndList: Encodable {
        let plan: PlanJSON
        let shopping: ShoppingJSON
    }

    func readPlan(_ arguments: ToolArguments) async throws -> Outcome {
        let first = try arguments.planDay("from") ?? today
        let last = try arguments.planDay("to") ?? first.adding(days: 6)
        guard first <= last else { throw ToolProblem("`from` (\(first)) comes after `to` (\(last)).") }
        guard first.days(to: last) < ShoppingList.mostDays else {
            throw ToolProblem("Read at most \(ShoppingList.mostDays) days of the plan at a time.")
        }
        let plan = try await PlanJSON.read(person.diary, from: first, through: last, today: today)
        let shopping = try await ShoppingJSON.read(person.diary, catalog: services.catalog, from: first, through: last)
        let planned = plan.days.reduce(0) { $0 + $1.planned.count }
        return Outcome(
            text:
                "The plan from \(first.longText) through \(last.longText): \(planned) planned, and \(shopping.items.count) items on the shopping list (amounts and energy in the units the JSON names).",
            structured: PlanAndList(plan: plan, shopping: shopping), summary: "read the plan from \(first) to \(last)")
    }

    func readBody() async throws -> Outcome {
        let body = try await BodySummaryJSON.read(person.diary, today: today)
        return Outcome(
            text: "The weight trend, its weekly rate, the water goal and each body measure's latest reading, in the units the JSON names.",
            structured: body, summary: "read weight and body")
    }
}
