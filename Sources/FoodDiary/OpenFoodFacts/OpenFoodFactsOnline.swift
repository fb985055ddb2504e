import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation

/// Open Food Facts online, behind the same `UpstreamGuard` as FoodData Central; it needs no key,
/// and its limits are per kind of read (100 product reads and 10 searches a minute). Searches are
/// kept for ten minutes, as FoodData Central's are.
actor OpenFoodFactsOnline {
    static let name = "Open Food Facts"
    let client: OpenFoodFactsClient
    let upstream: UpstreamGuard
    private var searches = RecentAnswers<OpenFoodFactsClient.SearchPage>()

    init(baseURL: URL, deadline: Duration = .seconds(5)) {
        client = OpenFoodFactsClient(baseURL: baseURL, deadline: deadline)
        upstream = UpstreamGuard(url: baseURL, deadline: deadline)
    }

    func knownProblem(searching: Bool = false) async -> OnlineProblem? {
        await upstream.knownProblem(allowance: searching ? "search" : "product")
    }

    /// The product with this barcode, and its answer as kept, or why there is none.
    func product(barcode digits: String) async -> Result<(product: OpenFoodFactsProduct, answer: Data), OnlineProblem> {
        let client = client
        return await upstream.run(allowance: "product") { () throws(OnlineProblem) in try await client.product(barcode: digits) }
    }

    /// A product's packaging photo, under the product reads' allowance.
    func image(_ url: URL) async -> Result<Data, OnlineProblem> {
        let client = client
        return await upstream.run(allowance: "product") { () throws(OnlineProblem) in try await client.image(url) }
    }

    /// Products sold in `country` (everywhere when nil) whose names have these words, most scanned first.
    func search(_ terms: String, country: ProductCountry?) async -> Result<OpenFoodFactsClient.SearchPage, OnlineProblem> {
        let key = (country?.code ?? "") + "\u{0}" + terms.lowercased()
        if let kept = searches.answer(key) { return .success(kept) }
        let client = client
        let outcome = await upstream.run(allowance: "search") { () throws(OnlineProblem) in
            try await client.search(terms: terms, country: country)
        }
        if case .success(let page) = outcome { searches.keep(page, for: key) }
        return outcome
    }
}
