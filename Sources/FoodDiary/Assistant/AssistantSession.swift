import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Logging
import MCP

/// One request's assistant: the person and diary its token reaches, and whether it may write.
/// Every call is answered as a tool's result (an error is the tool's, said in words) and noted
/// in the person's recent activity.
struct AssistantSession: Sendable {
    let person: SignedIn
    let tokenID: Int64
    let canWrite: Bool
    let services: AssistantServices

    var today: LocalDate { LocalDateTime(services.now(), in: services.timeZone).date }

    /// What a tool did: its result for the assistant, a line for the account page, and for a
    /// write the rows it added, to take back.
    struct Outcome {
        let text: String
        let structured: any Encodable
        let summary: String
        var undo: AssistantUndo?
    }

    func call(_ name: String, _ arguments: [String: Value]?) async -> CallTool.Result {
        guard let tool = AssistantTool(rawValue: name) else { return Self.refusal("There is no tool called “\(name)”.") }
        guard canWrite || !tool.writes else {
            await record(tool, summary: "refused: this token may only read", undo: nil)
            return Self.refusal("This access token may only read the diary. Make one that may also write on the account page.")
        }
        let arguments = ToolArguments(arguments)
        do {
            let outcome = try await run(tool, arguments)
            await record(tool, summary: outcome.summary, undo: outcome.undo)
            return .init(
                content: [.text(text: outcome.text, annotations: nil, _meta: nil)], structuredContent: Self.value(outcome.structured),
                isError: false)
        } catch let refusal as any Refusal {
            await record(tool, summary: "nothing done: \(refusal.message)", undo: nil)
            return Self.refusal(refusal.message)
        } catch {
            services.logger.error("The assistant's \(name) failed for “\(person.account.name)”: \(error)")
            await record(tool, summary: "failed", undo: nil)
            return Self.refusal("The diary could not do that just now; nothing was saved. Try again in a moment.")
        }
    }

    private func run(_ tool: AssistantTool, _ arguments: ToolArguments) async throws -> Outcome {
        switch tool {
        case .searchFoods: try await searchFoods(arguments)
        case .readDay: try await readDay(arguments)
        case .readDays: try await readDays(arguments)
        case .readBody: try await readBody()
        case .readPlan: try await readPlan(arguments)
        case .addToShoppingList: try await addToShoppingList(arguments)
        case .logFoods: try await logFoods(arguments)
        case .logFood: try await logFood(arguments)
        case .logWater: try await logWater(arguments)
        case .logWeight: try await logWeight(arguments)
        case .undoLast: try await undoLast()
        }
    }

    var sources: FoodSources {
        FoodSources(database: person.diary.database, catalog: services.catalog, household: (services.household, person.account))
    }

    /// A food's energy in `grams` of it, to a tenth of a kcal as the tools say it.
    static func energyKcal(of food: FoodSnapshot, grams: Double) -> Double? {
        food.nutrients(forGrams: grams)[.energyKcal].map { ($0 * 10).rounded() / 10 }
    }

    /// A tool's refusal, in words the assistant passes on (`isError`, not a protocol error).
    static func refusal(_ message: String) -> CallTool.Result {
        .init(content: [.text(text: message, annotations: nil, _meta: nil)], isError: true)
    }

    /// Noted where the person sees it: on their account page, newest first.
    private func record(_ tool: AssistantTool, summary: String, undo: AssistantUndo?) async {
        let data = undo.flatMap { try? JSONEncoder().encode($0) }
        do {
            try await services.accounts.recordAssistantCall(
                accountID: person.account.id, tokenID: tokenID, diaryID: person.diary.id, tool: tool.rawValue,
                summary: summary, undo: data, now: services.now())
        } catch {
            services.logger.error("The assistant's \(tool.rawValue) for “\(person.account.name)” was not noted: \(error)")
        }
    }

    /// A result as MCP's JSON value: encoded as the API encodes it, then read back with `Value`'s own
    /// decoding. Not through JSONSerialization, which was 1.5 ms quicker on a day but read some
    /// doubles back a bit off (0.028000000000000004 became …14): the API's figures must be the same.
    static func value(_ result: any Encodable) -> Value? {
        guard let data = try? JSONEncoder().encode(result) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }
}

/// What every request's assistant is made with, once, at start-up.
struct AssistantServices: Sendable {
    let catalog: CatalogDatabase
    let household: HouseholdFoods
    let targets: MealTargets
    let accounts: AccountsDatabase
    let timeZone: TimeZone
    let logger: Logger
    let now: @Sendable () -> Date
}
