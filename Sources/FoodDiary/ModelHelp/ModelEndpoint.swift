import FoodDiaryBase
import Foundation

/// The model the server's owner runs, at an OpenAI-compatible address (a local Ollama serves one
/// at `/v1/chat/completions`). Off unless the owner names one; each person then opts in.
package struct ModelEndpoint: Sendable, Equatable {
    package let baseURL: URL
    package let model: String
    /// Sent as a bearer token when the endpoint wants one; from the environment only, never logged.
    package let key: String?
    /// A vision model on a home server's CPU takes tens of seconds for one photo.
    package let deadline: Duration

    package init(baseURL: URL, model: String, key: String?, deadline: Duration = .seconds(90)) {
        self.baseURL = baseURL
        self.model = model
        self.key = key
        self.deadline = deadline
    }

    /// `{base}/v1/chat/completions`, or `{base}/chat/completions` for a base that already ends in `/v1`.
    var chatCompletionsURL: URL {
        baseURL.path.hasSuffix("/v1") || baseURL.path.hasSuffix("/v1/")
            ? baseURL.appendingPathComponent("chat/completions") : baseURL.appendingPathComponent("v1/chat/completions")
    }

    /// Where photos go, as the settings page tells the person: scheme, host and port, never a key.
    var shownAddress: String {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        components?.user = nil
        components?.password = nil
        components?.query = nil
        return components?.string ?? baseURL.host ?? tr("the model's server")
    }
}
