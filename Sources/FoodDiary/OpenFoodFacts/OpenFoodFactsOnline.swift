import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// Open Food Facts online, behind the same guard as FoodData Central: a connection check of at
/// most two fifths of the deadline whose answer is remembered for a minute, a deadline on every
/// call, and no call while a rate limit is known to last. It needs no key.
actor OpenFoodFactsOnline {
    static let name = "Open Food Facts"
    let client: OpenFoodFactsClient
    let reachability: UpstreamReachability
    private var limitedUntil: ContinuousClock.Instant?

    init(baseURL: URL, deadline: Duration = .seconds(5)) {
        client = OpenFoodFactsClient(baseURL: baseURL, deadline: deadline)
        reachability = UpstreamReachability(url: baseURL, limit: deadline * 2 / 5)
    }

    /// Why a lookup would fail, if that is known without asking the network.
    func knownProblem() async -> OnlineProblem? {
        if let limitedUntil, limitedUntil > .now { return .rateLimited(retryAfter: limitedUntil - .now) }
        return await reachability.wasUnreachable ? .unreachable : nil
    }

    /// The product with this barcode, and its answer as kept, or why there is none.
    func product(barcode digits: String) async -> Result<(product: OpenFoodFactsProduct, answer: Data), OnlineProblem> {
        if let problem = await knownProblem(), problem != .unreachable { return .failure(problem) }
        guard await reachability.isReachable() else { return .failure(.unreachable) }
        let client = client
        let outcome = await Deadline.run(within: client.deadline) { () async -> Result<(product: OpenFoodFactsProduct, answer: Data), OnlineProblem> in
            do throws(OnlineProblem) { return .success(try await client.product(barcode: digits)) } catch { return .failure(error) }
        } ?? .failure(.timedOut(after: client.deadline))
        switch outcome {
        case .success: await reachability.learned(reachable: true)
        case .failure(.unreachable), .failure(.timedOut): await reachability.learned(reachable: false)
        case .failure(.rateLimited(let wait)): limitedUntil = .now + wait
        case .failure: break
        }
        return outcome
    }
}
