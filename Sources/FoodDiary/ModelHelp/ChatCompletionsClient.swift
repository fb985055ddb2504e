import FoodDiaryCatalog
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

    /// The answer's content for one photo and a line of text, asked to follow `schema`; a refusal
    /// or an answer with no content is a problem, not text.
    func complete(instructions: String, text: String, photoJPEG: Data, schemaName: String, schema: [String: Any])
        async throws(OnlineProblem) -> String
    {
        let body: [String: Any] = [
            "model": endpoint.model,
            "temperature": 0,
            "messages": [
                ["role": "system", "content": instructions],
                [
                    "role": "user",
                    "content": [
                        ["type": "text", "text": text],
                        ["type": "image_url", "image_url": ["url": "data:image/jpeg;base64," + photoJPEG.base64EncodedString()]]
                    ]
                ]
            ],
            "response_format": ["type": "json_schema", "json_schema": ["name": schemaName, "strict": true, "schema": schema]]
        ]
        var headers = [("Content-Type", "application/json"), ("Accept", "application/json")]
        if let key = endpoint.key { headers.append(("Authorization", "Bearer " + key)) }
        let answer = try await http.answer(
            endpoint.chatCompletionsURL, method: "POST", headers: headers,
            body: try? JSONSerialization.data(withJSONObject: body), deadline: endpoint.deadline)
        switch answer.status {
        case 200: break
        case 429: throw .rateLimited(retryAfter: answer.retryAfter.flatMap(Int.init).map { .seconds(max(0, $0)) } ?? .seconds(60))
        case 400, 401, 403, 404: throw .refused(answer.status)
        default: throw .failed(answer.status)
        }
        guard let object = JSONValue.object(answer.body), let choices = object["choices"] as? [[String: Any]],
            let message = choices.first?["message"] as? [String: Any]
        else { throw .malformed }
        if let refusal = message["refusal"] as? String, !refusal.isEmpty { throw .unusable("declined") }
        guard let content = message["content"] as? String else { throw .malformed }
        return content
    }
}

/// A model's JSON answer, read leniently: some models wrap it in a Markdown fence even when asked
/// for a schema.
enum ModelAnswer {
    static func object(_ content: String) -> [String: Any]? {
        var text = content.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("```") {
            text = String(text.drop { $0 != "\n" }.dropFirst())
            if let fence = text.range(of: "```", options: .backwards) { text = String(text[..<fence.lowerBound]) }
        }
        guard let data = text.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// A number as models write one: a number, or a number in a string.
    static func number(_ value: Any?) -> Double? {
        if value is Bool { return nil }
        if let number = value as? NSNumber { return number.doubleValue }
        return (value as? String).flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }
}
