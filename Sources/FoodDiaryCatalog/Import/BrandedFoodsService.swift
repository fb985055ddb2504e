import FoodDiaryBase
import Foundation
import Logging
import ServiceLifecycle
import NIOConcurrencyHelpers

/// Runs the branded foods' import while the app serves: the first start does not wait for
/// 360,000 foods, and a stop between batches (or a kill) is picked up at the next start.
package struct BrandedFoodsService: Service {
    package let importer: BrandedFoodsImport
    package let logger: Logger

    package init(importer: BrandedFoodsImport, logger: Logger) {
        self.importer = importer
        self.logger = logger
    }

    package func run() async throws {
        if importer.isNeeded() {
            let stopping = NIOLockedValueBox(false)
            await withGracefulShutdownHandler {
                do {
                    _ = try await importer.run(shouldStop: { stopping.withLockedValue { $0 } })
                    await importer.catalog.prepareSearch()
                } catch {
                    logger.error(
                        "Adding the branded foods failed; search serves the generic foods and the next start tries again: \(error)")
                }
            } onGracefulShutdown: {
                stopping.withLockedValue { $0 = true }
            }
        }
        // A service that returns stops the whole server: this one's work is done, so it waits.
        try? await gracefulShutdown()
    }
}
