import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import Logging

/// Adds FoodData Central's branded foods to a catalog that already serves SR28 and the generic
/// foods, a batch per transaction. Each batch records how far the file has been read in the same
/// transaction, so a process killed at any moment resumes after the last whole batch, with
/// nothing repeated and nothing half-written.
public struct BrandedFoodsImport: Sendable {
    public struct Progress: Sendable, Equatable {
        /// Foods added so far.
        public let done: Int
        /// How many the file holds, once an import has started; nil before.
        public let total: Int?
        public let isComplete: Bool

        public var isUnderway: Bool { total != nil && !isComplete }

        public init(done: Int, total: Int?, isComplete: Bool) {
            self.done = done
            self.total = total
            self.isComplete = isComplete
        }

        /// From the catalog's `catalog_info` rows, by key.
        package init(_ info: [String: String]) {
            self.init(
                done: info["fdc_branded_done"].flatMap { Int($0) } ?? 0, total: info["fdc_branded_total"].flatMap { Int($0) },
                isComplete: info["fdc_branded"] != nil)
        }

        package static func read(_ db: Database) throws -> Progress {
            try CatalogFacts.Values.read(db).brandedFoods
        }
    }

    public struct Missing: Error, CustomStringConvertible {
        package let directory: String?

        package init(directory: String?) { self.directory = directory }

        public var description: String {
            "No \(FoodDataCentralFile.branded.fileName) in \(directory ?? "the FoodData Central folder (--fdc-dir)"): run scripts/fetch-data.sh first."
        }
    }

    package static let file = FoodDataCentralFile.branded

    package let catalog: CatalogDatabase
    package let directory: String
    /// Foods per transaction: what a kill can cost, against the cost of many small commits.
    let batchSize: Int
    package let logger: Logger

    public init(catalog: CatalogDatabase, directory: String, batchSize: Int = 5_000, logger: Logger = Logger(label: "fooddiary.catalog")) {
        self.catalog = catalog
        self.directory = directory
        self.batchSize = batchSize
        self.logger = logger
    }

    /// Whether there is anything to add: the file is there and the catalog lacks some of its foods.
    public func isNeeded() -> Bool {
        Self.file.isPresent(in: directory) && catalog.datasetVersion != nil && !catalog.brandedFoodsProgress.isComplete
    }

    /// Adds the foods not yet added. `shouldStop` is asked after each batch and every thousand rows
    /// read, so a server asked to stop does so within a batch's time; the next run resumes. The
    /// file is read on a thread of its own, a batch at a time, and each batch written through
    /// GRDB's queue: the threads that serve pages do none of it.
    @discardableResult
    public func run(shouldStop: @escaping @Sendable () -> Bool = { false }) async throws -> Progress {
        guard isNeeded() else { return catalog.brandedFoodsProgress }
        let start = ContinuousClock.now
        do {
            let (directory, batchSize) = (directory, batchSize)
            let positions = try await offTheCooperativePool { try Self.searchPositions(directory: directory, shouldStop: shouldStop) }
            var progress = try await catalog.write { db in
                try db.execute(
                    sql: "INSERT OR IGNORE INTO catalog_info (key, value) VALUES ('fdc_branded_total', ?)",
                    arguments: ["\(positions.count)"])
                return try Progress.read(db)
            }
            let known = try await catalog.read { db in try CatalogDatabase.nutrientNumbers(db) }
            let resumeAfter = try await catalog.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM catalog_info WHERE key = 'fdc_branded_row'").flatMap { Int64($0) } ?? 0
            }
            if resumeAfter > 0 { logger.info("Branded foods: resuming after \(progress.done) of \(positions.count)") }

            let foods = try await offTheCooperativePool { try FoodDataCentralFile.Foods(Self.file, directory: directory) }
            let read = {
                Task {
                    try await offTheCooperativePool {
                        try Self.batch(of: batchSize, from: foods, after: resumeAfter, shouldStop: shouldStop)
                    }
                }
            }
            // The next batch is read while this one is written: reading the file took as long as
            // writing, and the two need different cores. One reader at a time, so `foods` is never shared.
            var reading = read()
            while true {
                let batch = try await reading.value
                let isLast = batch.count < batchSize
                if !isLast { reading = read() }
                progress = try await insert(batch, positions: positions, known: known, isLast: isLast)
                if isLast { break }
                logger.info("Branded foods: \(progress.done) of \(positions.count) added")
                if shouldStop() { throw Stopped() }
            }
            logger.info("Branded foods: all \(progress.done) added in \(ContinuousClock.now - start)")
            return progress
        } catch is Stopped {
            let progress = catalog.brandedFoodsProgress
            logger.info("Branded foods: stopped with \(progress.done) added; the next start carries on")
            return progress
        }
    }

    /// The next `size` foods past row `after`, fewer only at the end of the file.
    private static func batch(
        of size: Int, from foods: FoodDataCentralFile.Foods, after resumeAfter: Int64,
        shouldStop: () -> Bool
    ) throws -> [FoodDataCentralFile.Food] {
        var batch: [FoodDataCentralFile.Food] = []
        var read = 0
        while batch.count < size, let food = foods.next() {
            read += 1
            if read % 1_000 == 0, shouldStop() { throw Stopped() }
            if food.id > resumeAfter { batch.append(food) }
        }
        return batch
    }

    private struct Stopped: Error {}

    /// Each food's place in prior order, from a first pass over the file: every run computes the
    /// same, so a resumed import carries on the same order.
    private static func searchPositions(directory: String, shouldStop: () -> Bool) throws -> [Int64: Int] {
        var priors: [(id: Int64, prior: Double)] = []
        try Self.file.read(directory: directory, nutrients: false) { food in
            if priors.count % 1_000 == 999, shouldStop() { throw Stopped() }
            priors.append((food.id, Self.prior(food)))
        }
        let ordered = priors.sorted { ($0.prior, $0.id) < ($1.prior, $1.id) }
        return Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element.id, $0.offset + 1) })
    }

    package static func prior(_ food: FoodDataCentralFile.Food) -> Double {
        SearchRanking.brandedPrior(description: food.description, category: food.category, hasEnergy: food.nutrients["208"] != nil)
    }

    /// `known`: the nutrient numbers the catalog has; the file's others are not kept.
    private func insert(_ batch: [FoodDataCentralFile.Food], positions: [Int64: Int], known: Set<String>, isLast: Bool) async throws
        -> Progress
    {
        try await catalog.write { db in
            // Another import of the same catalog may have got here first: each food is added once.
            let doneThrough =
                try String.fetchOne(db, sql: "SELECT value FROM catalog_info WHERE key = 'fdc_branded_row'").flatMap { Int64($0) } ?? 0
            let foods = batch.filter { $0.id > doneThrough }
            let rows = try BrandedSearchRows(db)
            let insertValue = try db.makeStatement(
                sql: "INSERT INTO food_nutrient (food_id, nutrient_number, amount_per_100g) VALUES (?, ?, ?)")
            let insertPortion = try db.makeStatement(
                sql: "INSERT INTO portion (food_id, seq, amount, description, gram_weight) VALUES (?, 1, ?, ?, ?)")
            for food in foods {
                guard let position = positions[food.id] else { continue }
                try rows.insert(
                    id: food.id, description: food.description, category: food.category, energyKcalPer100g: food.nutrients["208"],
                    prior: Self.prior(food), position: position)
                for (number, value) in food.nutrients where known.contains(number) {
                    try insertValue.execute(arguments: [food.id, number, value])
                }
                if let serving = food.serving, let portion = BrandedServing.portion(text: serving.text, grams: serving.grams) {
                    try insertPortion.execute(arguments: [food.id, portion.amount, portion.description, serving.grams])
                }
            }
            if let last = foods.last {
                try db.execute(
                    sql: """
                        INSERT INTO catalog_info (key, value) VALUES ('fdc_branded_row', ?), ('fdc_branded_done', ?)
                        ON CONFLICT (key) DO UPDATE SET value = excluded.value
                        """, arguments: ["\(last.id)", "\(try Progress.read(db).done + foods.count)"])
            }
            if isLast {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO catalog_info (key, value) VALUES ('fdc_branded', ?)", arguments: [Self.file.version])
            }
            return try Progress.read(db)
        }
    }
}
