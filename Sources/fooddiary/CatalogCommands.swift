import ArgumentParser
import FoodDiary
import FoodDiaryApp
import FoodDiaryCatalog
import Foundation
import Logging

struct Catalog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the offline USDA food catalog.", subcommands: [ImportCatalog.self, AddBrandedFoods.self, SearchCatalog.self])
}

struct ImportCatalog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Build <data-dir>/catalog.sqlite from the USDA SR28 text files.")

    @Argument(help: "Directory holding FOOD_DES.txt, FD_GROUP.txt, NUTR_DEF.txt, NUT_DATA.txt and WEIGHT.txt.")
    var sr28Directory: String

    @Option(help: "Directory holding FoodData Central's generic-foods.csv, added after SR28 (scripts/fetch-data.sh writes .cache/fdc).")
    var fdcDir: String?

    @Option(help: "Directory holding the diary data (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    func run() async throws {
        let config = AppConfig(dataDirectory: dataDir)
        let start = ContinuousClock.now
        let summary = try CatalogImporter(directory: sr28Directory, fdcDirectory: fdcDir).importInto(
            try CatalogDatabase.open(path: config.catalogPath))
        let seconds = (ContinuousClock.now - start).components.seconds
        print(
            "Imported \(summary.foods) foods, \(summary.nutrientValues) nutrient values and \(summary.portions) portions into \(config.catalogPath) in about \(seconds) s."
        )
    }
}

struct AddBrandedFoods: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-branded",
        abstract:
            "Add FoodData Central's branded foods to the catalog now, as `serve` does in the background; resumes where a stopped run left off."
    )

    @Option(help: "Directory holding branded-foods.csv (scripts/fetch-data.sh writes .cache/fdc).")
    var fdcDir: String = ".cache/fdc"

    @Option(help: "Directory holding the diary data (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    func run() async throws {
        var config = AppConfig(dataDirectory: dataDir)
        config.fdcDirectory = fdcDir
        let start = ContinuousClock.now
        do {
            let progress = try await addBrandedFoods(config: config, logger: Logger(label: "fooddiary.catalog"))
            print("The catalog holds \(progress.done) branded foods (\(ContinuousClock.now - start)).")
        } catch let error as CustomStringConvertible {
            refuse(error.description)
        }
    }
}

struct SearchCatalog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search the catalog as the food search page does, and print the best matches.")

    @Argument(help: "What to search for, e.g. \"mac and cheese\".")
    var query: String

    @Option(help: "all, generic or branded.")
    var scope: String = "all"

    @Option(help: "How many foods to print.")
    var limit: Int = 10

    @Option(help: "Directory holding the diary data (env FOODDIARY_DATA_DIR).")
    var dataDir: String = ProcessInfo.processInfo.environment["FOODDIARY_DATA_DIR"] ?? "./data"

    func run() async throws {
        guard let chosen = FoodSearch.Scope(rawValue: scope) else { refuse("--scope is all, generic or branded.") }
        let catalog = try CatalogDatabase.open(path: AppConfig(dataDirectory: dataDir).catalogPath)
        let (query, limit) = (query, limit)
        let start = ContinuousClock.now
        let result = try await catalog.read { db in try FoodSearch.search(db, query: query, scope: chosen, limit: limit) }
        print(
            "\(result.totalHits)\(result.totalIsFloor ? "+" : "") foods match (\(ContinuousClock.now - start))\(result.correctedQuery.map { ", read as “\($0)”" } ?? "")"
        )
        for food in result.foods {
            print("\(food.id)\t\(food.dataType.shortLabel)\t\(food.description)")
        }
    }
}
