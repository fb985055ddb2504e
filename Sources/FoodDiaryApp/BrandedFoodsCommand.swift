import FoodDiary
import FoodDiaryBase
import FoodDiaryCatalog
import Logging

/// `fooddiary catalog add-branded`: the same import in the foreground, for a machine set up
/// before serving. A server on the data directory does it itself, so this refuses while one runs.
public func addBrandedFoods(config: AppConfig, logger: Logger) async throws -> BrandedFoodsImport.Progress {
    let lock = try DataDirectoryLock(path: config.lockPath, directory: config.dataDirectory)
    defer { withExtendedLifetime(lock) {} }
    guard let directory = config.fdcDirectory, FoodDataCentralFile.branded.isPresent(in: directory) else {
        throw BrandedFoodsImport.Missing(directory: config.fdcDirectory)
    }
    return try await BrandedFoodsImport(catalog: try CatalogDatabase.open(path: config.catalogPath), directory: directory, logger: logger)
        .run()
}
