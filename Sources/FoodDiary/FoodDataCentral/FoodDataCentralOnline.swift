import FoodDiaryBase
import Foundation
import NIOCore
import NIOPosix

/// FoodData Central online, guarded so that being offline costs nothing: a connection check of at
/// most two fifths of the deadline (2 s) whose answer is remembered for a minute (and replaced by what any real call learns),
/// a deadline on every call (5 s unless configured), and no call at all while a rate limit is known to last. Answers
/// are kept for ten minutes, so paging back and forth spends none of the hourly allowance.
public actor FoodDataCentralOnline {
    public static let officialBaseURL = URL(string: "https://api.nal.usda.gov/fdc")!
    public static let demoKey = "DEMO_KEY"
    static let checkRemembered: Duration = .seconds(60)
    static let answersKept: Duration = .seconds(600)
    /// The generic data types first, as FoodData Central spells them; branded products after.
    static let genericDataTypes = ["Foundation", "SR Legacy", "Survey (FNDDS)"]
    static let pageSize = 10

    let client: FoodDataCentralClient
    private var reachable: (answer: Bool, at: ContinuousClock.Instant)?
    private var limitedUntil: [String: ContinuousClock.Instant] = [:]
    private var answers: [String: (page: FoodDataCentralClient.SearchPage, at: ContinuousClock.Instant)] = [:]

    public init(baseURL: URL, deadline: Duration = .seconds(5)) {
        client = FoodDataCentralClient(baseURL: baseURL, deadline: deadline)
    }

    /// Why a search would fail, if that is known without asking the network: offline a moment
    /// ago, or the key's limit reached. A page says so at once instead of loading the results.
    func knownProblem(key: String) -> OnlineProblem? {
        if let until = limitedUntil[key], until > .now { return .rateLimited(retryAfter: until - .now) }
        if let reachable, !reachable.answer, ContinuousClock.now - reachable.at < Self.checkRemembered { return .unreachable }
        return nil
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
        guard await isReachable() else { return .failure(.unreachable) }
        let client = client
        let outcome = await Deadline.run(within: client.deadline) {
            await Self.capture { () throws(OnlineProblem) in try await call(client) }
        } ?? .failure(.timedOut(after: client.deadline))
        switch outcome {
        case .success(let value):
            reachable = (true, .now)
            return .success(value)
        case .failure(let error):
            switch error {
            case .unreachable, .timedOut: reachable = (false, .now)
            case .rateLimited(let wait): limitedUntil[key] = .now + wait
            default: break
            }
            return .failure(error)
        }
    }

    private static func capture<T: Sendable>(_ call: () async throws(OnlineProblem) -> T) async -> Result<T, OnlineProblem> {
        do { return .success(try await call()) } catch { return .failure(error) }
    }

    /// Whether a TCP connection to the API's host (or the proxy libcurl would go through) opens
    /// within two fifths of the deadline, asked at most once a minute. A connection spends none of
    /// the key's allowance.
    func isReachable() async -> Bool {
        if let reachable, ContinuousClock.now - reachable.at < Self.checkRemembered { return reachable.answer }
        let hop = Self.firstHop(to: client.baseURL, environment: ProcessInfo.processInfo.environment)
        let limit = client.deadline * 2 / 5
        let answer = await Deadline.run(within: limit) { await Self.connects(host: hop.host, port: hop.port, within: limit) } ?? false
        reachable = (answer, .now)
        return answer
    }

    /// Where a request to `url` first connects: the API itself, or the proxy that libcurl takes
    /// from `https_proxy`/`http_proxy` (either case), unless `no_proxy` names the host.
    static func firstHop(to url: URL, environment: [String: String]) -> (host: String, port: Int) {
        let host = url.host ?? "", scheme = url.scheme ?? "https"
        let direct = (host, url.port ?? (scheme == "http" ? 80 : 443))
        let variable = scheme == "http" ? "http_proxy" : "https_proxy"
        guard let proxyText = (environment[variable] ?? environment[variable.uppercased()]).flatMap({ $0.isEmpty ? nil : $0 }),
              let proxy = URL(string: proxyText.contains("://") ? proxyText : "http://" + proxyText), let proxyHost = proxy.host else { return direct }
        let exempt = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let lowered = host.lowercased()
        if exempt.contains(where: { $0 == "*" || lowered == $0.trimmingCharacters(in: ["."]) || lowered.hasSuffix("." + $0.trimmingCharacters(in: ["."])) }) {
            return direct
        }
        return (proxyHost, proxy.port ?? 1080)
    }

    private static func connects(host: String, port: Int, within limit: Duration) async -> Bool {
        guard !host.isEmpty else { return false }
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(TimeAmount(limit - .milliseconds(100)))
                .connect(host: host, port: port).get()
            try? await channel.close()
            return true
        } catch {
            return false
        }
    }
}
