import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation

/// FoodData Central online, behind the `UpstreamGuard` (its rate limits kept per key; 5 s
/// deadline unless configured). Searches are kept for ten minutes, so paging back and forth
/// spends none of the hourly allowance.
public actor FoodDataCentralOnline {
    public static let officialBaseURL = URL(string: "https://api.nal.usda.gov/fdc")!
    public static let demoKey = "DEMO_KEY"
    /// The generic data types first, as FoodData Central spells them; branded products after.
    static let genericDataTypes = ["Foundation", "SR Legacy", "Survey (FNDDS)"]
    static let pageSize = 10

    let client: FoodDataCentralClient
    let upstream: UpstreamGuard
    private var answers = RecentAnswers<FoodDataCentralClient.SearchPage>()

    public init(baseURL: URL, deadline: Duration = .seconds(5)) {
        client = FoodDataCentralClient(baseURL: baseURL, deadline: deadline)
        upstream = UpstreamGuard(url: baseURL, deadline: deadline)
    }

    func knownProblem(key: String) async -> OnlineProblem? {
        await upstream.knownProblem(allowance: key)
    }

    /// A search's foods, generic ones first, or why there are none.
    func search(_ query: String, key: String) async -> Result<FoodDataCentralClient.SearchPage, OnlineProblem> {
        let cacheKey = key + "\u{0}" + query.lowercased()
        if let kept = answers.answer(cacheKey) { return .success(kept) }
        let outcome = await guarded(key: key) { client throws(OnlineProblem) in
            async let generic = UpstreamGuard.capture { () throws(OnlineProblem) in
                try await client.search(query: query, dataTypes: Self.genericDataTypes, pageSize: Self.pageSize, key: key)
            }
            async let branded = UpstreamGuard.capture { () throws(OnlineProblem) in
                try await client.search(query: query, dataTypes: ["Branded"], pageSize: Self.pageSize, key: key)
            }
            // Both are awaited before either's failure is thrown, so leaving the scope cancels nothing.
            let outcomes = [await generic, await branded]
            let pages = try outcomes.map { outcome throws(OnlineProblem) in try outcome.get() }
            // A hit's id becomes the address of its pick: only ids FoodData Central gives out.
            return FoodDataCentralClient.SearchPage(
                totalHits: pages.reduce(0) { $0 + $1.totalHits },
                foods: pages.flatMap(\.foods).filter { FetchedFoods.fdcIdRange.contains($0.fdcId) })
        }
        if case .success(let page) = outcome { answers.keep(page, for: cacheKey) }
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

    private func guarded<T: Sendable>(key: String, _ call: @escaping @Sendable (FoodDataCentralClient) async throws(OnlineProblem) -> T)
        async -> Result<T, OnlineProblem>
    {
        let client = client
        return await upstream.run(allowance: key) { () throws(OnlineProblem) in try await call(client) }
    }
}
