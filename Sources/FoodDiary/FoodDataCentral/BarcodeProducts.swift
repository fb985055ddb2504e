import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import Foundation

/// A barcode's product, kept here so one tap can log it: the catalog's kept foods first, then
/// FoodData Central when a key of the diary's or the server's own is set (its shared DEMO_KEY is
/// left for searches), then Open Food Facts. What is found online is kept as a pick is: in the
/// diary first, then the catalog.
struct BarcodeProducts: Sendable {
    let catalog: CatalogDatabase
    let online: FoodDataCentralOnline
    let openFoodFacts: OpenFoodFactsOnline
    let now: @Sendable () -> Date

    enum Found: Sendable {
        /// Kept in the catalog, now or before: `catalog.foods(barcode:)` finds it.
        case kept
        /// Neither service knows the code.
        case unknown
        /// A service could not be asked; nothing is known either way.
        case unanswered(OnlineProblem, source: String)
    }

    func find(_ digits: String, diary: AppDatabase, key: FoodDataCentralKey) async throws -> Found {
        if try await !catalog.foods(barcode: digits).isEmpty { return .kept }
        if !key.isDemo, case .success(let found) = await online.barcode(digits, key: key.value), let first = found.foods.first,
            case .success(let fetched) = await online.details(fdcId: first.fdcId, key: key.value)
        {
            try await diary.keepFetchedFood(fdcId: first.fdcId, details: fetched.details, fetchedAt: now())
            _ = try await catalog.keep(fetched.food, details: fetched.details, now: now())
            return try await keptNow(digits)
        }
        switch await openFoodFacts.product(barcode: digits) {
        case .success(let fetched):
            try await diary.keepFetchedFood(fdcId: fetched.product.catalogID, details: fetched.answer, fetchedAt: now())
            _ = try await catalog.keep(fetched.product, answer: fetched.answer, now: now())
            return try await keptNow(digits)
        case .failure(.notFound):
            return .unknown
        case .failure(let problem):
            return .unanswered(problem, source: OpenFoodFactsOnline.name)
        }
    }

    private func keptNow(_ digits: String) async throws -> Found {
        try await catalog.foods(barcode: digits).isEmpty ? .unknown : .kept
    }
}
