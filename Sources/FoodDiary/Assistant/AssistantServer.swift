import FoodDiaryBase
import Foundation
import MCP

/// An MCP server for one request, bound to its person, diary and token: the tools that token is
/// offered, today's summary and the goals as resources, and a prompt to review the week.
enum AssistantServer {
    static let instructions = """
        This is the person's own food diary, on their home server. Search foods before logging one by id; log what they say they \
        ate with log_foods in their own words. Every writing tool says exactly what it saved: tell the person, amounts included, \
        and offer undo_last if something is wrong. Never log what the person did not say they had.
        """

    static func make(_ session: AssistantSession) async -> Server {
        let server = Server(
            name: "FoodDiary", version: "1", title: "FoodDiary", instructions: instructions,
            capabilities: .init(
                prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: false),
                tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in
            .init(tools: AssistantTool.offered(canWrite: session.canWrite).map(\.tool))
        }
        await server.withMethodHandler(CallTool.self) { call in
            await session.call(call.name, call.arguments)
        }
        await server.withMethodHandler(ListResources.self) { _ in
            .init(resources: AssistantResource.allCases.map(\.resource), nextCursor: nil)
        }
        await server.withMethodHandler(ReadResource.self) { read in
            guard let resource = AssistantResource(rawValue: read.uri) else {
                throw MCPError.invalidParams("There is no resource “\(read.uri)”.")
            }
            return .init(contents: [try await resource.content(session)])
        }
        await server.withMethodHandler(ListPrompts.self) { _ in
            .init(prompts: [AssistantPrompt.reviewMyWeek], nextCursor: nil)
        }
        await server.withMethodHandler(GetPrompt.self) { get in
            guard get.name == AssistantPrompt.reviewMyWeek.name else { throw MCPError.invalidParams("There is no prompt “\(get.name)”.") }
            return AssistantPrompt.reviewMyWeek(session)
        }
        return server
    }
}

/// Today's summary and the goals, read as JSON.
enum AssistantResource: String, CaseIterable {
    case today = "fooddiary://today"
    case goals = "fooddiary://goals"

    var resource: Resource {
        switch self {
        case .today:
            Resource(
                name: "today", uri: rawValue, description: "Today's meals, totals against the goals, and exercise.",
                mimeType: "application/json")
        case .goals:
            Resource(
                name: "goals", uri: rawValue, description: "The person's daily goals: energy and each nutrient they set one for.",
                mimeType: "application/json")
        }
    }

    func content(_ session: AssistantSession) async throws -> Resource.Content {
        let value: any Encodable
        switch self {
        case .today: value = try await DayJSON.read(session.person.diary, date: session.today)
        case .goals: value = GoalsJSON(goals: try await session.person.diary.database.read { db in try DailyGoals.fetch(db) })
        }
        let data = try JSONEncoder().encode(value)
        return .text(String(decoding: data, as: UTF8.self), uri: rawValue, mimeType: "application/json")
    }
}

/// "Review my week": the last seven days read with the tools, against the goals, said kindly.
enum AssistantPrompt {
    static let reviewMyWeek = Prompt(
        name: "review_my_week", title: "Review my week",
        description: "A look back at the last seven days of the diary against the person's goals and needs.")

    static func reviewMyWeek(_ session: AssistantSession) -> GetPrompt.Result {
        let last = session.today, first = last.adding(days: -6)
        let text = """
            Review my food diary for the last seven days, \(first) through \(last). Read each day's totals with read_days \
            (from \(first) to \(last)), my goals from the fooddiary://goals resource, and read_day for a day or two that stand out. \
            Then tell me, in a few short, kind and specific sentences: what went well, where I was far from my goals or needs, \
            and one or two changes worth trying next week. Use only what the diary says; days with no meals logged are missing, \
            not days I ate nothing.
            """
        return .init(description: "Review of \(first) to \(last)", messages: [.user(.text(text: text))])
    }
}
