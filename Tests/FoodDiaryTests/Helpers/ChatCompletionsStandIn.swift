import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// A local server speaking the chat-completions protocol (as Ollama and OpenAI-compatible servers
/// do at `/v1/chat/completions`), answering a photo with foods in the asked JSON schema, or with
/// what real models also do: a fenced answer, prose, a refusal, nothing, an error or a long wait.
final class ChatCompletionsStandIn: Sendable {
    enum Mode: Sendable, Equatable { case foods, fenced, prose, refusal, nothing, failing, slow }

    /// An oat bar's panel per 40 g serving: a number as a string, a null, and a potassium no bar has.
    static let label =
        #"{"name": "Oat bar, hazelnut", "brand": "Hafer AG", "serving_grams": 40, "energy_kcal": 180, "protein_g": "4.5", "fat_g": 7, "carbohydrate_g": 24, "sugars_g": 9.5, "fiber_g": null, "saturated_fat_g": 1.2, "sodium_mg": 95, "cholesterol_mg": null, "potassium_mg": 99999999}"#

    /// A banana the fixture catalog has, toast, and a food nobody has.
    static let foods =
        #"{"items": [{"name": "banana", "grams": 120}, {"name": "buttered toast, white", "grams": "45"}, {"name": "unicorn steak", "grams": 200}, {"name": "butter", "grams": 400}, {"name": "", "grams": 10}, {"name": "plate", "grams": -5}]}"#

    private let state = NIOLockedValueBox((mode: Mode.foods, requests: [Data]()))
    private let server = StandInServer()
    var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

    var mode: Mode {
        get { state.withLockedValue { $0.mode } }
        set { state.withLockedValue { $0.mode = newValue } }
    }
    /// Each request's JSON body, in order.
    var requests: [[String: Any]] {
        state.withLockedValue { $0.requests }.map { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] ?? [:] }
    }

    func start() async throws {
        let router = Router()
        router.post("/v1/chat/completions") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 20 << 20)
            self.state.withLockedValue { $0.requests.append(Data(buffer: body)) }
            let readsLabel = String(buffer: body).contains("nutrition_label")
            switch self.mode {
            case .foods: return Self.answer(content: readsLabel ? Self.label : Self.foods)
            case .fenced: return Self.answer(content: "```json\n" + Self.foods + "\n```")
            case .prose: return Self.answer(content: "I can see a banana and some toast on a plate.")
            case .refusal: return Self.answer(content: nil, refusal: "I can't help with that.")
            case .nothing: return Self.answer(content: #"{"items": []}"#)
            case .failing: return Response(status: .internalServerError)
            case .slow:
                try await Task.sleep(for: .seconds(30))
                return Self.answer(content: Self.foods)
            }
        }
        try await server.start(router, label: "chat-completions-stand-in")
    }

    func stop() async { await server.stop() }

    private static func answer(content: String?, refusal: String? = nil) -> Response {
        var message: [String: Any] = ["role": "assistant"]
        message["content"] = content ?? NSNull()
        if let refusal { message["refusal"] = refusal }
        let object: [String: Any] = [
            "id": "chatcmpl-1", "object": "chat.completion", "model": "stand-in",
            "choices": [["index": 0, "message": message, "finish_reason": "stop"]]
        ]
        let data = try! JSONSerialization.data(withJSONObject: object)
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
