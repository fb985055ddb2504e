import FoodDiaryBase
import FoodDiaryWeb
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

    func suggestFoods(photoJPEG: Data, hints: String) async -> Result<[SuggestedFood], OnlineProblem> {
        let client = client
        return await upstream.run(allowance: "model") { () throws(OnlineProblem) in try await client.suggestFoods(photoJPEG: photoJPEG, hints: hints) }
    }
}
