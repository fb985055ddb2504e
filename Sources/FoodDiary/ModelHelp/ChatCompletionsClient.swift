import FoodDiaryWeb
import Foundation

/// The chat-completions protocol as this diary speaks it: one photo as a data URL with a line of
/// hints, and a JSON schema for the answer. Nothing else of the diary is ever sent.
struct ChatCompletionsClient: Sendable {
    /// A list of twenty foods is a few kilobytes; a chatty model's whole answer well under this.
    static let maxResponseBytes = 1 << 20

    let endpoint: ModelEndpoint
    private let http: OutboundHTTP

    init(endpoint: ModelEndpoint) {
        self.endpoint = endpoint
        http = OutboundHTTP(timeout: endpoint.deadline, maxBytes: Self.maxResponseBytes)
    }

    static let instructions = """
        You list the foods and drinks visible in a photo of a meal, for a food diary. Name each as a \
        person would type it into a food search, plainly and in English ("grilled chicken breast", \
        "white rice", "cola"), and estimate its weight in grams as served. Leave out plates, cutlery \
        and anything not eaten. If you see no food, give an empty list.
        """

    /// The foods the model sees in `photoJPEG`; `hints` says when and where it was taken.
    func suggestFoods(photoJPEG: Data, hints: String) async throws(OnlineProblem) -> [SuggestedFood] {
        let body: [String: Any] = [
            "model": endpoint.model,
            "temperature": 0,
            "messages": [
                ["role": "system", "content": Self.instructions],
                ["role": "user", "content": [
                    ["type": "text", "text": hints],
                    ["type": "image_url", "image_url": ["url": "data:image/jpeg;base64," + photoJPEG.base64EncodedString()]],
                ]],
            ],
            "response_format": ["type": "json_schema", "json_schema": ["name": "meal_foods", "strict": true, "schema": SuggestedFood.schema]],
        ]
        var headers = [("Content-Type", "application/json"), ("Accept", "application/json")]
        if let key = endpoint.key { headers.append(("Authorization", "Bearer " + key)) }
        let answer = try await http.answer(endpoint.chatCompletionsURL, method: "POST", headers: headers,
                                           body: try? JSONSerialization.data(withJSONObject: body), deadline: endpoint.deadline)
        switch answer.status {
        case 200: break
        case 429: throw .rateLimited(retryAfter: answer.retryAfter.flatMap(Int.init).map { .seconds(max(0, $0)) } ?? .seconds(60))
        case 400, 401, 403, 404: throw .refused(answer.status)
        default: throw .failed(answer.status)
        }
        guard let object = JSONValue.object(answer.body), let choices = object["choices"] as? [[String: Any]],
              let message = choices.first?["message"] as? [String: Any] else { throw .malformed }
        if let refusal = message["refusal"] as? String, !refusal.isEmpty { throw .unusable("declined") }
        guard let content = message["content"] as? String, let foods = SuggestedFood.read(content: content) else { throw .malformed }
        guard !foods.isEmpty else { throw .notFound }
        return foods
    }
}
