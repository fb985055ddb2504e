import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// The guard every online source sits behind, so that being offline or refused costs a page
/// nothing: a connection check of at most two fifths of the deadline whose answer is remembered
/// for a minute (and replaced by what any real call learns: a slow answer is not an absent one), one deadline for a whole call however
/// many requests it makes, and no call at all while a rate limit is known to last. Limits are kept
/// per allowance: FoodData Central's per key, Open Food Facts' per kind of read.
actor UpstreamGuard {
    let reachability: UpstreamReachability
    let deadline: Duration
    private var limitedUntil: [String: ContinuousClock.Instant] = [:]

    init(url: URL, deadline: Duration) {
        self.deadline = deadline
        reachability = UpstreamReachability(url: url, limit: deadline * 2 / 5)
    }

    /// Why a call would fail, if that is known without asking the network: offline a moment
    /// ago, or the allowance spent. A page says so at once instead of loading the results.
    func knownProblem(allowance: String) async -> OnlineProblem? {
        if let until = limitedUntil[allowance], until > .now { return .rateLimited(retryAfter: until - .now) }
        return await reachability.wasUnreachable ? .unreachable : nil
    }

    func run<T: Sendable>(allowance: String, _ call: @escaping @Sendable () async throws(OnlineProblem) -> T) async -> Result<
        T, OnlineProblem
    > {
        if let until = limitedUntil[allowance], until > .now { return .failure(.rateLimited(retryAfter: until - .now)) }
        guard await reachability.isReachable() else { return .failure(.unreachable) }
        let outcome = await Deadline.run(within: deadline) { await Self.capture(call) } ?? .failure(.timedOut(after: deadline))
        switch outcome {
        // A slow answer came over a connection: the server is there, and the next call (this
        // person's or another's) may well be quick. Only no connection at all is remembered.
        case .success, .failure(.timedOut): await reachability.learned(reachable: true)
        case .failure(.unreachable): await reachability.learned(reachable: false)
        case .failure(.rateLimited(let wait)): limitedUntil[allowance] = .now + wait
        case .failure: break
        }
        return outcome
    }

    static func capture<T: Sendable>(_ call: () async throws(OnlineProblem) -> T) async -> Result<T, OnlineProblem> {
        do { return .success(try await call()) } catch { return .failure(error) }
    }
}

/// Answers kept for ten minutes, so paging back and forth, or a second look, asks nothing again.
struct RecentAnswers<Value: Sendable>: Sendable {
    static var kept: Duration { .seconds(600) }
    private static var most: Int { 200 }
    private var answers: [String: (value: Value, at: ContinuousClock.Instant)] = [:]

    func answer(_ key: String) -> Value? {
        guard let kept = answers[key], ContinuousClock.now - kept.at < Self.kept else { return nil }
        return kept.value
    }

    mutating func keep(_ value: Value, for key: String) {
        if answers.count >= Self.most { answers.removeAll() }
        answers[key] = (value, .now)
    }
}
