import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// FoodData Central online, guarded so that being offline costs nothing: a connection check of at
/// most two fifths of the deadline (2 s) whose answer is remembered for a minute (and replaced by what any real call learns),
/// a deadline on every call (5 s unless configured), and no call at all while a rate limit is known to last. Answers
/// are kept for ten minutes, so paging back and forth spends none of the hourly allowance.
public actor FoodDataCentralOnline {
    public static let officialBaseURL = URL(string: "https://api.nal.usda.gov/fdc")!
    public static let demoKey = "DEMO_KEY"
    static let answersKept: Duration = .seconds(600)
    /// The generic data types first, as FoodData Central spells them; branded products after.
    static let genericDataTypes = ["Foundation", "SR Legacy", "Survey (FNDDS)"]
    static let pageSize = 10

    let client: FoodDataCentralClient
    let reachability: UpstreamReachability
    private var limitedUntil: [String: ContinuousClock.Instant] = [:]
    private var answers: [String: (page: FoodDataCentralClient.SearchPage, at: ContinuousClock.Instant)] = [:]

    public init(baseURL: URL, deadline: Duration = .seconds(5)) {
        client = FoodDataCentralClient(baseURL: baseURL, deadline: deadline)
        reachability = UpstreamReachability(url: baseURL, limit: deadline * 2 / 5)
    }

    /// Why a search would fail, if that is known without asking the network: offline a moment
    /// ago, or the key's limit reached. A page says so at once instead of loading the results.
    func knownProblem(key: String) async -> OnlineProblem? {
        if let until = limitedUntil[key], until > .now { return .rateLimited(retryAfter: until - .now) }
        return await reachability.wasUnreachable ? .unreachable : nil
    }

    /// A search's foods, generic ones first, or why there are none.
    func search(_ query: String, key: String) async -> Result<FoodDataCentralClient.SearchPage, OnlineProblem> {
        let cacheKey = key + "\u{0}" + query.lowercased()
        if let kept = answers[cacheKey], ContinuousClock.now - kept.at < Self.answersKept { return .success(kept.page) }
        let outcome = await guarded(key: key) { client throws(OnlineProblem) in
            async let generic = Self.capture { () throws(OnlineProblem) in
                try await client.search(query: query, dataTypes: Self.genericDataTypes, pageSize: Self.pageSize, key: key)
            }
            async let branded = Self.capture { () throws(OnlineProblem) in
                try await client.search(query: query, dataTypes: ["Branded"], pageSize: Self.pageSize, key: key)
            }
            // Both are awaited before either's failure is thrown, so leaving the scope cancels nothing.
            let outcomes = [await generic, await branded]
            let pages = try outcomes.map { outcome throws(OnlineProblem) in try outcome.get() }
            // A hit's id becomes the address of its pick: only ids FoodData Central gives out.
            return FoodDataCentralClient.SearchPage(totalHits: pages.reduce(0) { $0 + $1.totalHits },
                                                    foods: pages.flatMap(\.foods).filter { FetchedFoods.fdcIdRange.contains($0.fdcId) })
        }
        if case .success(let page) = outcome {
            if answers.count > 200 { answers.removeAll() }
            answers[cacheKey] = (page, ContinuousClock.now)
        }
        return outcome
    }

    /// Branded foods whose barcode is these digits, UPC-A and EAN-13 alike.
    func barcode(_ digits: String, key: String) async -> Result<FoodDataCentralClient.SearchPage, OnlineProblem> {
        let wanted = digits.drop { $0 == "0" }
        return await guarded(key: key) { client throws(OnlineProblem) in
            let matches = try await client.search(query: digits, dataTypes: ["Branded"], pageSize: Self.pageSize, key: key)
                .foods.filter { $0.gtinUpc.map { $0.drop { $0 == "0" } == wanted } ?? false }
            return FoodDataCentralClient.SearchPage(totalHits: matches.count, foods: matches)
        }
    }

    func details(fdcId: Int64, key: String) async -> Result<(food: FoodDataCentralFood, details: Data), OnlineProblem> {
        await guarded(key: key) { client throws(OnlineProblem) in try await client.food(fdcId: fdcId, key: key) }
    }

    /// One deadline for the whole call, however many requests it makes.
    private func guarded<T: Sendable>(key: String, _ call: @escaping @Sendable (FoodDataCentralClient) async throws(OnlineProblem) -> T) async -> Result<T, OnlineProblem> {
        if let until = limitedUntil[key], until > .now { return .failure(.rateLimited(retryAfter: until - .now)) }
        guard await reachability.isReachable() else { return .failure(.unreachable) }
        let client = client
        let outcome = await Deadline.run(within: client.deadline) {
            await Self.capture { () throws(OnlineProblem) in try await call(client) }
        } ?? .failure(.timedOut(after: client.deadline))
        switch outcome {
        case .success(let value):
            await reachability.learned(reachable: true)
            return .success(value)
        case .failure(let error):
            switch error {
            case .unreachable, .timedOut: await reachability.learned(reachable: false)
            case .rateLimited(let wait): limitedUntil[key] = .now + wait
            default: break
            }
            return .failure(error)
        }
    }

    private static func capture<T: Sendable>(_ call: () async throws(OnlineProblem) -> T) async -> Result<T, OnlineProblem> {
        do { return .success(try await call()) } catch { return .failure(error) }
    }
}
