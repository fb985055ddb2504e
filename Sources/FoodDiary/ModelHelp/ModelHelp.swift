import FoodDiaryBase
import FoodDiaryWeb
import Hummingbird
import Foundation

/// The owner's model behind the same guard as every online source: a connection check first, so
/// a stopped model answers at once, and one deadline for the call. Only a page that asked waits.
actor ModelHelp {
    let endpoint: ModelEndpoint
    private let client: ChatCompletionsClient
    private let upstream: UpstreamGuard

    init(endpoint: ModelEndpoint) {
        self.endpoint = endpoint
        client = ChatCompletionsClient(endpoint: endpoint)
        upstream = UpstreamGuard(url: endpoint.baseURL, deadline: endpoint.deadline)
    }

    /// The foods the model sees in a meal's photo, or why there are none.
    func suggestFoods(photoJPEG: Data, hints: String) async -> Result<[SuggestedFood], OnlineProblem> {
        let client = client
        return await upstream.run(allowance: "model") { () throws(OnlineProblem) in
            let content = try await client.complete(
                instructions: SuggestedFood.instructions, text: hints, photoJPEG: photoJPEG,
                schemaName: "meal_foods", schema: SuggestedFood.schema)
            guard let foods = SuggestedFood.read(content: content) else { throw .malformed }
            guard !foods.isEmpty else { throw .notFound }
            return foods
        }
    }

    /// A nutrition label's panel, read out for the person to check field by field.
    func readLabel(photoJPEG: Data) async -> Result<LabelReading, OnlineProblem> {
        let client = client
        return await upstream.run(allowance: "model") { () throws(OnlineProblem) in
            let content = try await client.complete(
                instructions: LabelReading.instructions, text: LabelReading.request, photoJPEG: photoJPEG,
                schemaName: "nutrition_label", schema: LabelReading.schema)
            guard let reading = LabelReading.read(content: content) else { throw .malformed }
            guard reading.hasNumbers else { throw .notFound }
            return reading
        }
    }
}

extension ModelHelp {
    /// The model, when the owner set one and this person opted in; refused before anything is read or sent.
    static func chosen(_ help: ModelHelp?, by diary: Diary) async throws -> ModelHelp {
        guard let help else {
            throw HTTPError(.notFound, message: tr("The server’s owner has not set a model, so there is nothing to ask."))
        }
        guard try await diary.database.modelHelpChosen() else {
            throw HTTPError(
                .forbidden, message: tr("Suggestions are off for you: turn them on in Settings → Suggestions from a model first."))
        }
        return help
    }
}
