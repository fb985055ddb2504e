import FoodDiaryBase
@testable import FoodDiaryCatalog
import Foundation
import GRDB
import Logging
@testable import FoodDiary

/// Small SR28-format files written by the tests, with the quirks of the real ones: CRLF, tildes,
/// empty numeric fields, leading-dot decimals, Windows-1252 bytes and double quotes in text.
enum SR28Fixture {
    static func write(to directory: String, foodDescription: [String]? = nil) throws {
        let files: [String: [String]] = [
            "FD_GROUP": [
                "~0100~^~Dairy and Egg Products~", "~0900~^~Fruits and Fruit Juices~", "~1100~^~Vegetables and Vegetable Products~"
            ],
            "NUTR_DEF": [
                "~203~^~g~^~PROCNT~^~Protein~^~2~^~600~",
                "~204~^~g~^~FAT~^~Total lipid (fat)~^~2~^~800~",
                "~208~^~kcal~^~ENERC_KCAL~^~Energy~^~0~^~300~",
                "~328~^~\u{B5}g~^~VITD~^~Vitamin D (D2 + D3)~^~1~^~8700~"
            ],
            "FOOD_DES": foodDescription ?? [
                "~01001~^~0100~^~Butter, salted~^~BUTTER,WITH SALT~^~~^~~^~Y~^~~^0^~~^6.38^4.27^8.79^3.87",
                "~09040~^~0900~^~Bananas, raw~^~BANANAS,RAW~^~~^~~^~Y~^~Peel~^36^~Musa acuminata Colla~^6.25^3.36^8.37^3.60",
                "~09520~^~0900~^~Fruit \u{91}salad\u{92}, pat (1\" sq)~^~FRUIT SALAD~^~~^~Acme Foods, Inc.~^~~^~~^0^~~^^^^",
                "~11090~^~1100~^~Broccoli, raw~^~BROCCOLI,RAW~^~~^~~^~Y~^~Leaves~^39^~~^6.25^2.44^8.37^3.57"
            ],
            "NUT_DATA": [
                "~01001~^~203~^0.85^16^0.074^~1~^~~^~~^~~^^^^^^^~~^11/1976^",
                "~01001~^~208~^717^0^^~4~^~NC~^~~^~~^^^^^^^~~^08/2010^",
                "~09040~^~208~^89^0^^~4~^~NC~^~~^~~^^^^^^^~~^^",
                "~09040~^~204~^.33^0^^~1~^~~^~~^~~^^^^^^^~~^^",
                "~11090~^~208~^34^0^^~4~^~NC~^~~^~~^^^^^^^~~^^",
                "~11090~^~328~^0.0^0^^~7~^~~^~~^~~^^^^^^^~~^^"
            ],
            "WEIGHT": [
                "~01001~^1^1^~pat (1\" sq, 1/3\" high)~^5^^",
                "~01001~^2^1^~tbsp~^14.2^^",
                "~11090~^1^1^~cup chopped~^91^9^6.164",
                "~11090~^5^.5^~cup, chopped or diced~^44^^"
            ]
        ]
        for (name, lines) in files {
            // Windows-1252: every character here is below U+0100, so Latin-1 bytes are the right ones.
            var bytes = [UInt8]()
            for line in lines {
                for scalar in line.unicodeScalars {
                    switch scalar.value {
                    case 0x91: bytes.append(0x91)
                    case 0x92: bytes.append(0x92)
                    default: bytes.append(UInt8(scalar.value))
                    }
                }
                bytes += [0x0D, 0x0A]
            }
            try Data(bytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent("\(name).txt"))
        }
    }
}

/// FoodData Central's generic foods as `generic-foods.csv` lists them: two survey dishes and a
/// Foundation food, with a repeated row that must be imported once.
enum GenericFoodsFixture {
    static let csv = """
        foodName,data_type,food_category,portion_unit_name,portion_gram_weight,number_of_nutrients,Energy,Carbohydrate,"Sugars, Total",Total Sugars,Total fat,Protein,Sodium,Potassium
        "Coffee, Latte",survey_fndds_food,Coffee,undetermined,,31,43.0,4.2,,3.5,1.6,2.81,42.0,139.0
        "Sushi roll, salmon",survey_fndds_food,"Egg rolls, dumplings, sushi",undetermined,,31,103.0,17.1,1.2,,1.0,6.88,240.0,
        "Coffee, Latte",survey_fndds_food,Coffee,undetermined,,31,43.0,4.2,,3.5,1.6,2.81,42.0,139.0
        "Oat milk, unsweetened, plain, refrigerated",foundation_food,Beverages,,,22,48.3298,5.1,0.0,,2.75,0.796875,42.0,

        """

    static func write(to directory: String) throws {
        try csv.write(toFile: directory + "/" + FoodDataCentralFile.generic.fileName, atomically: true, encoding: .utf8)
    }
}

/// The real SR28 files fetched by scripts/fetch-data.sh, when present.
enum RealSR28 {
    static let directory = TestEnvironment.packageRoot.appendingPathComponent(".cache/sr28").path
    static var isPresent: Bool { FileManager.default.fileExists(atPath: directory + "/NUT_DATA.txt") }
    /// FoodData Central's survey and Foundation foods, imported with SR28 as `serve` does.
    static let fdcDirectory = TestEnvironment.packageRoot.appendingPathComponent(".cache/fdc").path

    /// Where scripts/test.sh had the command line import both real catalogs before the Swift
    /// tests (`generic/` without the branded foods, `whole/` with them), so that the run, journeys
    /// included, imports each once; without it (`swift test` alone) the tests import them.
    static let importedBefore = ProcessInfo.processInfo.environment["FOODDIARY_TEST_CATALOGS"]

    /// A copy of the catalog the command line imported into `folder`, or nil to import it here.
    private static func copyImported(_ folder: String) throws -> CatalogDatabase? {
        guard let importedBefore else { return nil }
        let imported = try CatalogDatabase.open(path: importedBefore + "/\(folder)/catalog.sqlite")
        let path = try TemporaryDirectory.forTheRun().path + "/catalog.sqlite"
        try imported.writer.vacuum(into: path)
        return try CatalogDatabase.open(path: path)
    }

    /// Imported once for the whole run: the import takes seconds. Like every long import here it
    /// runs on a Dispatch queue: on the cooperative pool (two threads on two cores) it would starve
    /// the live servers other tests talk to.
    static let catalog: Task<CatalogDatabase, any Error> = Task {
        let catalog = try await offTheCooperativePool {
            if let imported = try copyImported("generic") { return imported }
            let directory = try TemporaryDirectory.forTheRun()
            let catalog = try CatalogDatabase.open(path: directory.path + "/catalog.sqlite")
            try CatalogImporter(directory: RealSR28.directory, fdcDirectory: RealSR28.fdcDirectory).importInto(catalog)
            return catalog
        }
        // As a server does after an import: searches then read the indexes from memory.
        await catalog.prepareSearch()
        return catalog
    }

    /// A copy of `catalog` for an app's data directory: written once for the run, then copied.
    static func copyCatalog(to path: String) async throws {
        let source = try await catalogCopy.value
        try await offTheCooperativePool { try FileManager.default.copyItem(atPath: source, toPath: path) }
    }

    private static let catalogCopy: Task<String, any Error> = Task {
        let source = try await RealSR28.catalog.value
        let path = try TemporaryDirectory.forTheRun().path + "/catalog-copy.sqlite"
        try await source.writer.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
        return path
    }

    /// What the relevance sets are judged on: the whole catalog when the branded foods are fetched.
    static var wholeCatalog: Task<CatalogDatabase, any Error> { hasBrandedFoods ? catalogWithBrandedFoods : catalog }

    static var hasBrandedFoods: Bool { FoodDataCentralFile.branded.isPresent(in: fdcDirectory) }

    /// The whole catalog a server ends with: SR28, the generic foods and FoodData Central's
    /// 354,600 branded foods, imported once for the run (a minute and a half in a debug build).
    static let catalogWithBrandedFoods: Task<CatalogDatabase, any Error> = Task {
        if let imported = try await offTheCooperativePool({ try copyImported("whole") }) {
            await imported.prepareSearch()
            return imported
        }
        let catalog = try await offTheCooperativePool {
            let directory = try TemporaryDirectory.forTheRun()
            let catalog = try CatalogDatabase.open(path: directory.path + "/catalog.sqlite")
            try CatalogImporter(directory: RealSR28.directory, fdcDirectory: RealSR28.fdcDirectory).importInto(catalog)
            return catalog
        }
        var logger = Logger(label: "tests")
        logger.logLevel = .error
        try await BrandedFoodsImport(catalog: catalog, directory: fdcDirectory, logger: logger).run()
        await catalog.prepareSearch()
        return catalog
    }
}

/// FoodData Central's branded foods as `branded-foods.csv` lists them: upper-case names with the
/// brand folded in, label servings in GS1 codes, a row repeated exactly (imported once), two
/// products named alike with different nutrients (both kept) and one whose label gave no energy.
enum BrandedFoodsFixture {
    static let csv = """
        foodName,data_type,food_category,portion_unit_name,portion_gram_weight,number_of_nutrients,Energy,Protein,Total fat,Sodium
        "BANANA CHIPS, BANANA",branded_food,Chips & Snacks,2.5 ONZ,70.0,4,519.0,2.3,33.6,6.0
        "CHIQUITA, BANANAS",branded_food,Pre-Packaged Fruit & Vegetables,1 BANANA,118.0,4,89.0,1.1,0.3,1.0
        PEANUT BUTTER,branded_food,Nut & Seed Butters,2 Tbsp,32.0,4,594.0,21.9,50.0,469.0
        PEANUT BUTTER,branded_food,Nut & Seed Butters,2 Tbsp,32.0,4,588.0,25.0,50.0,426.0
        "DORITOS, NACHO CHEESE",branded_food,Chips & Snacks,1 ONZ,28.0,4,500.0,7.1,25.0,643.0
        "BANANA CHIPS, BANANA",branded_food,Chips & Snacks,2.5 ONZ,70.0,4,519.0,2.3,33.6,6.0
        "GREEK YOGURT, PLAIN",branded_food,Yogurt,2/3 cup,150.0,4,59.0,10.0,0.4,36.0
        KOSHER DILL BABY WHOLES,branded_food,"Pickles, Olives, Peppers & Relishes",about 1 pickle,28.0,4,11.0,0.0,0.0,786.0
        BROCCOLI FLORETS,branded_food,Frozen Vegetables,,,4,34.0,2.8,0.4,33.0
        KOSHER DILL SPEARS,branded_food,"Pickles, Olives, Peppers & Relishes",1 spear,28.0,3,,0.0,0.0,800.0
        "ORGANIC FRUIT PUREE, BANNANA",branded_food,Baby Food,1 pouch,113.0,4,80.0,1.0,0.2,5.0

        """
    /// The foods once each: the repeated row is left out.
    static let foodCount = 10

    static func write(to directory: String) throws {
        try csv.write(toFile: directory + "/" + FoodDataCentralFile.branded.fileName, atomically: true, encoding: .utf8)
    }
}
