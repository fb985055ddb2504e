import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import Synchronization

/// The food catalog: its own SQLite file, rebuilt by the importer and only read while serving.
public struct CatalogDatabase: Sendable {
    package let writer: any DatabaseWriter
    /// What pages show about the catalog itself, in memory: reading it took a connection from the
    /// searches on every page. The importers, its only writers, store it after each write.
    let facts: CatalogFacts
    /// Searches run at once; more are refused (503) rather than queued.
    package let searches: InFlightLimit

    /// `searchesInFlight`: searches run at once. A connection is kept for each, and one for each
    /// core besides for the pages that read one food: more would only queue on the cores. Up to
    /// SQLite's ceiling of the file (2 GB) is mapped.
    public static func open(path: String, searchesInFlight: Int = InFlightLimit.defaultLimit) throws -> CatalogDatabase {
        let writer = try openDatabasePool(
            path: path, migrator: CatalogMigrations.migrator, copyBeforeUpgrade: false,
            readers: searchesInFlight + ProcessInfo.processInfo.activeProcessorCount, mappedBytes: 0x7fff_0000,
            prepare: BrandedRanking.addFunctions)
        let facts = CatalogFacts.of(path, try writer.read(CatalogFacts.Values.read)) // sync: start-up only
        return CatalogDatabase(writer: writer, facts: facts, searches: InFlightLimit(limit: searchesInFlight))
    }

    /// A read for a search, refused with `Overloaded` while `searches.limit` are running. A search
    /// that found the full-text indexes in memory out of date has them read again in the background.
    package func search<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        let conventions = RequestConventions.current
        let outOfDate = CatalogMemory.OutOfDate()
        let result = try await searches.run {
            try await writer.queuedRead { db in
                try CatalogMemory.$textIndexesOutOfDate.withValue(outOfDate) { try conventions.bound { try body(db) } }
            }
        }
        if outOfDate.isRaised { Task { await prepareSearch() } }
        return result
    }

    /// What a search page lists for `query`, or nil when nothing was typed. `logged`, how often the
    /// person logged each catalog food (which ranks those up), is read only for a search.
    package func searchIfTyped(
        _ query: String, brand: String, scope: FoodSearch.Scope, limit: Int, asTyped: Bool,
        logged: @Sendable () async throws -> [Int64: Int]
    ) async throws -> FoodSearchResult? {
        guard !Words.split(query).isEmpty else { return nil }
        let counts = try await logged()
        return try await search { db in
            try FoodSearch.search(db, query: query, brand: brand, scope: scope, limit: limit, logged: counts, asTyped: asTyped)
        }
    }

    /// Reads what search keeps in memory (`CatalogMemory`) before a search needs it: three quarters
    /// of a second on the whole catalog, which the first search after a start or an import waited for.
    package func prepareSearch() async {
        _ = try? await writer.read { db in try CatalogMemory.shared.prepare(db) }
    }

    /// With the request's conventions (`RequestConventions`), as the diary's reads.
    public func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        let conventions = RequestConventions.current
        return try await writer.queuedRead { db in try conventions.bound { try body(db) } }
    }

    /// A write by an importer, after which the facts in memory are read again.
    package func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        let (value, facts) = try await writer.write { db in (try body(db), try CatalogFacts.Values.read(db)) }
        self.facts.store(facts)
        return value
    }

    /// The same, on the calling thread: for the importers that run before the server listens, and commands.
    package func writeBeforeServing<T>(_ body: (Database) throws -> T) throws -> T {
        let (value, facts) = try writer.write { db in (try body(db), try CatalogFacts.Values.read(db)) } // sync: start-up only
        self.facts.store(facts)
        return value
    }

    public func foodCount() async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM food") ?? 0 }
    }

    /// Every generic food by its lower-cased name, for linking a food another app's file names
    /// exactly. Branded ones are left out: forty products may share a name.
    package func foodsByName() async throws -> [String: (id: Int64, dataType: FoodDataType, ndbNumber: String?)] {
        try await writer.read { db in
            var foods: [String: (id: Int64, dataType: FoodDataType, ndbNumber: String?)] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT id, data_type, ndb_number, description FROM food WHERE data_type != 'branded' ORDER BY id DESC")
            {
                guard let dataType = FoodDataType(rawValue: row[1]) else { continue }
                foods[(row[3] as String).lowercased()] = (row[0], dataType, row[2])
            }
            return foods
        }
    }

    /// The nutrient numbers the catalog defines: what a file or a fetched food gives beyond them is not kept.
    static func nutrientNumbers(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT number FROM nutrient"))
    }

    /// Whether FoodData Central's generic foods are in, and from which file.
    public var foodDataCentralVersion: String? { facts.values.foodDataCentralVersion }

    /// How far the background import of the branded foods has come.
    public var brandedFoodsProgress: BrandedFoodsImport.Progress { facts.values.brandedFoods }

    /// The stamp of the last complete import, or nil when the catalog is empty.
    public var datasetVersion: String? { facts.values.datasetVersion }
}

/// The catalog's own state, as `CatalogDatabase.facts` keeps it.
final class CatalogFacts: Sendable {
    package struct Values: Sendable {
        package let datasetVersion: String?
        package let foodDataCentralVersion: String?
        package let brandedFoods: BrandedFoodsImport.Progress

        package static func read(_ db: Database) throws -> Values {
            let info = Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM catalog_info")
                    .map { ($0["key"] as String, $0["value"] as String) })
            return Values(
                datasetVersion: info["dataset"], foodDataCentralVersion: info["fdc_generic"],
                brandedFoods: BrandedFoodsImport.Progress(info))
        }
    }

    private let box: Mutex<Values>

    private init(_ values: Values) { box = Mutex(values) }

    /// One per file in this process, whichever handle on it writes, holding `values` as just read.
    /// Another process never writes a catalog a server has open: both take the data directory's lock.
    package static func of(_ path: String, _ values: Values) -> CatalogFacts {
        let facts = everyFile.withLock { files in
            if let facts = files[path] { return facts }
            let facts = CatalogFacts(values)
            files[path] = facts
            return facts
        }
        facts.store(values)
        return facts
    }

    private static let everyFile = Mutex<[String: CatalogFacts]>([:])

    package var values: Values { box.withLock { $0 } }

    package func store(_ values: Values) { box.withLock { $0 = values } }
}

/// The catalog schema's history. Append new migrations; never edit one that has shipped.
enum CatalogMigrations {
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createCatalog") { db in
            try db.execute(
                sql: """
                    CREATE TABLE catalog_info (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
                    CREATE TABLE food_group (code TEXT PRIMARY KEY, name TEXT NOT NULL) STRICT;
                    CREATE TABLE food (
                        -- The NDB number as an integer, so ids survive re-imports.
                        id INTEGER PRIMARY KEY,
                        ndb_number TEXT NOT NULL UNIQUE CHECK (length(ndb_number) = 5),
                        description TEXT NOT NULL,
                        short_description TEXT NOT NULL,
                        common_name TEXT,
                        manufacturer TEXT,
                        food_group_code TEXT NOT NULL REFERENCES food_group(code),
                        energy_kcal_per_100g REAL,
                        -- Query-independent ranking: lower is likelier to be what a person means.
                        search_prior REAL NOT NULL,
                        -- Stemmed words naming the food itself ("banana" for "Bananas, raw").
                        core_terms TEXT NOT NULL
                    ) STRICT;
                    CREATE TABLE nutrient (
                        number TEXT PRIMARY KEY,
                        name TEXT NOT NULL,
                        unit TEXT NOT NULL,
                        decimals INTEGER NOT NULL,
                        sort_order INTEGER NOT NULL
                    ) STRICT;
                    CREATE TABLE food_nutrient (
                        food_id INTEGER NOT NULL REFERENCES food(id) ON DELETE CASCADE,
                        nutrient_number TEXT NOT NULL REFERENCES nutrient(number),
                        amount_per_100g REAL NOT NULL,
                        PRIMARY KEY (food_id, nutrient_number)
                    ) STRICT, WITHOUT ROWID;
                    CREATE TABLE portion (
                        food_id INTEGER NOT NULL REFERENCES food(id) ON DELETE CASCADE,
                        seq INTEGER NOT NULL,
                        amount REAL NOT NULL CHECK (amount > 0),
                        description TEXT NOT NULL,
                        gram_weight REAL NOT NULL CHECK (gram_weight > 0),
                        PRIMARY KEY (food_id, seq)
                    ) STRICT, WITHOUT ROWID;
                    CREATE VIRTUAL TABLE food_search USING fts5(
                        head, rest, common_name, manufacturer,
                        tokenize = 'porter unicode61 remove_diacritics 2'
                    );
                    CREATE VIRTUAL TABLE food_search_vocabulary USING fts5vocab(food_search, 'row');
                    """)
        }
        migrator.registerMigration("addFoodDataCentralFoods") { db in
            // FoodData Central's foods besides SR Legacy (survey dishes, Foundation, later branded)
            // have no NDB number and no SR28 food group: each says which data type it is and its
            // category by name. The table is rebuilt because SQLite cannot relax NOT NULL in place.
            try db.execute(
                sql: """
                    CREATE TABLE food_rebuilt (
                        id INTEGER PRIMARY KEY,
                        ndb_number TEXT UNIQUE CHECK (length(ndb_number) = 5),
                        data_type TEXT NOT NULL DEFAULT 'sr_legacy' CHECK (data_type IN ('sr_legacy', 'survey_fndds', 'foundation', 'branded')),
                        description TEXT NOT NULL,
                        short_description TEXT NOT NULL,
                        common_name TEXT,
                        manufacturer TEXT,
                        food_group_code TEXT REFERENCES food_group(code),
                        food_category TEXT,
                        energy_kcal_per_100g REAL,
                        search_prior REAL NOT NULL,
                        core_terms TEXT NOT NULL,
                        CHECK ((data_type = 'sr_legacy') = (ndb_number IS NOT NULL)),
                        CHECK ((food_group_code IS NULL) = (food_category IS NOT NULL))
                    ) STRICT;
                    INSERT INTO food_rebuilt (id, ndb_number, description, short_description, common_name, manufacturer, food_group_code,
                                              energy_kcal_per_100g, search_prior, core_terms)
                    SELECT id, ndb_number, description, short_description, common_name, manufacturer, food_group_code,
                           energy_kcal_per_100g, search_prior, core_terms FROM food;
                    DROP TABLE food;
                    ALTER TABLE food_rebuilt RENAME TO food;
                    -- An index of their own: SR28's ranking was tuned on its own index's statistics,
                    -- which a second corpus would shift.
                    CREATE VIRTUAL TABLE fdc_search USING fts5(
                        head, rest, common_name, manufacturer,
                        tokenize = 'porter unicode61 remove_diacritics 2'
                    );
                    """)
        }
        migrator.registerMigration("addBrandedFoods") { db in
            // Branded foods get an index of their own, searched after the generic ones. Its rowid is
            // the food's place in prior order (`food.search_position`), so the likeliest matches of
            // a word hundreds of thousands share are its first rows, read without ranking them all.
            // Its prefix indexes answer what is typed while typing ("cream c") without merging
            // the lists of every word that starts so.
            try db.execute(
                sql: """
                    ALTER TABLE food ADD COLUMN search_position INTEGER;
                    CREATE UNIQUE INDEX food_by_search_position ON food(search_position) WHERE search_position IS NOT NULL;
                    CREATE VIRTUAL TABLE branded_search USING fts5(
                        head, rest, category, food_id UNINDEXED,
                        tokenize = 'porter unicode61 remove_diacritics 2',
                        prefix = '1 2 3'
                    );
                    """)
        }
        migrator.registerMigration("addFetchedFoods") { db in
            // Foods a person picked from FoodData Central online, kept under their real fdcId (all
            // below 100,000,000; ours are NDB numbers under 100,000 or 900,000,000 and up). The
            // details as fetched are kept too: a re-import of the catalog rebuilds them from it.
            try db.execute(
                sql: """
                    ALTER TABLE food ADD COLUMN fetched_at TEXT;
                    ALTER TABLE food ADD COLUMN gtin_upc TEXT;
                    ALTER TABLE food ADD COLUMN serving_size REAL CHECK (serving_size > 0);
                    ALTER TABLE food ADD COLUMN serving_size_unit TEXT CHECK (serving_size_unit IN ('g', 'ml'));
                    ALTER TABLE food ADD COLUMN household_serving TEXT;
                    CREATE INDEX food_by_barcode ON food(ltrim(gtin_upc, '0')) WHERE gtin_upc IS NOT NULL;
                    CREATE TABLE label_nutrient (
                        food_id INTEGER NOT NULL REFERENCES food(id) ON DELETE CASCADE,
                        nutrient_number TEXT NOT NULL REFERENCES nutrient(number),
                        amount_per_serving REAL NOT NULL,
                        PRIMARY KEY (food_id, nutrient_number)
                    ) STRICT, WITHOUT ROWID;
                    CREATE TABLE fetched_food (
                        fdc_id INTEGER PRIMARY KEY,
                        details_json TEXT NOT NULL,
                        fetched_at TEXT NOT NULL
                    ) STRICT;
                    """)
        }
        migrator.registerMigration("addBrandedVocabulary") { db in
            // Each term of the branded index with how many products have it: what a phrase's
            // inverse document frequency is computed from (`BrandedRanking`).
            try db.execute(sql: "CREATE VIRTUAL TABLE branded_search_vocabulary USING fts5vocab(branded_search, 'row')")
        }
        migrator.registerMigration("allowOpenFoodFactsProducts") { db in
            // Products picked from Open Food Facts are kept beside FoodData Central's, under their own data type.
            try TableRebuild.replace("'foundation', 'branded'))", with: "'foundation', 'branded', 'open_food_facts'))", in: "food", db)
        }
        migrator.registerMigration("addInstanceVocabularies") { db in
            // Every term of each index with each row and column it is in: how search reads the
            // indexes into memory (`TextIndexInMemory`).
            for index in ["food_search", "fdc_search", "branded_search"] {
                try db.execute(sql: "CREATE VIRTUAL TABLE \(index)_instance USING fts5vocab(\(index), 'instance')")
            }
        }
        return migrator
    }
}
