import FoodDiary
import FoodDiaryBase
import FoodDiaryCatalog
import Foundation
import Logging

/// Builds the food catalog and the place-name index from the fetched files when they are missing,
/// as `serve` does on first start; `demo` needs them too.
public func importReferenceDataIfMissing(config: AppConfig, logger: Logger) throws {
    try importCatalogIfMissing(try CatalogDatabase.open(path: config.catalogPath), config: config, logger: logger)
    try importGeoNamesIfMissing(try GeoNamesDatabase.open(path: config.geonamesPath), directory: config.geonamesDirectory, logger: logger)
}

/// First start: build the catalog from the fetched USDA files so search works with no network.
func importCatalogIfMissing(_ catalog: CatalogDatabase, config: AppConfig, logger: Logger) throws {
    guard catalog.datasetVersion == nil else {
        let importer = CatalogImporter(directory: config.sr28Directory ?? "", fdcDirectory: config.fdcDirectory, logger: logger)
        // A catalog made before these foods came, or before a release read more of their columns.
        if importer.hasGenericFoods, catalog.foodDataCentralVersion != FoodDataCentralFile.generic.version {
            logger.info("Adding FoodData Central's survey and Foundation foods to the catalog (once)…")
            let added = try importer.importGenericFoods(into: catalog)
            logger.info("Added \(added) foods")
        }
        return
    }
    guard let directory = config.sr28Directory, FileManager.default.fileExists(atPath: directory + "/FOOD_DES.txt") else {
        logger.warning(
            "The food catalog is empty and no USDA SR28 files were found; food search will find nothing. Run scripts/fetch-data.sh, then `fooddiary catalog import .cache/sr28`."
        )
        return
    }
    logger.info("Importing the USDA SR28 food catalog from \(directory) (first start only)…")
    let start = ContinuousClock.now
    let summary = try CatalogImporter(directory: directory, fdcDirectory: config.fdcDirectory, logger: logger).importInto(catalog)
    logger.info("Imported \(summary.foods) foods in \(ContinuousClock.now - start)")
}
