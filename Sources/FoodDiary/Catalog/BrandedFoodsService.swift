import FoodDiaryBase
import Foundation
import Logging
import ServiceLifecycle
import NIOConcurrencyHelpers

/// Runs the branded foods' import while the app serves: the first start does not wait for
/// 360,000 foods, and a stop between batches (or a kill) is picked up at the next start.
struct BrandedFoodsService: Service {
    let importer: BrandedFoodsImport
    let logger: Logger

    func run() async throws {
        if importer.isNeeded() {
            let stopping = NIOLockedValueBox(false)
            await withGracefulShutdownHandler {
                do {
                    _ = try await importer.run(shouldStop: { stopping.withLockedValue { $0 } })
                    await importer.catalog.prepareSearch()
                } catch {
                    logger.error("Adding the branded foods failed; search serves the generic foods and the next start tries again: \(error)")
                }
            } onGracefulShutdown: {
                stopping.withLockedValue { $0 = true }
            }
        }
        // A service that returns stops the whole server: this one's work is done, so it waits.
        try? await gracefulShutdown()
    }
}

/// `fooddiary catalog add-branded`: the same import in the foreground, for a machine set up
/// before serving. A server on the data directory does it itself, so this refuses while one runs.
public func addBrandedFoods(config: AppConfig, logger: Logger) async throws -> BrandedFoodsImport.Progress {
    let lock = try DataDirectoryLock(path: config.lockPath, directory: config.dataDirectory)
    defer { withExtendedLifetime(lock) {} }
    guard let directory = config.fdcDirectory, FoodDataCentralFile.branded.isPresent(in: directory) else {
        throw BrandedFoodsImport.Missing(directory: config.fdcDirectory)
    }
    return try await BrandedFoodsImport(catalog: try CatalogDatabase.open(path: config.catalogPath), directory: directory, logger: logger).run()
}
