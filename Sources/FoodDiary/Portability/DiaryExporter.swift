import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB
import ZIPFoundation
import FoodDiaryPhotos

/// Where things sit in an export archive.
package enum ExportLayout {
    static let diary = "diary.json"
    static let meals = "meals.csv"
    static let entries = "entries.csv"
    static let days = "days.csv"
    static let weights = "weights.csv"
    static let measurements = "measurements.csv"
    static let activities = "activities.csv"
    static let tables = [diary, meals, entries, days, weights, measurements, activities]

    static func photo(sha256: String, mediaType: String) -> String {
        "photos/\(sha256).\(PhotoStore.accepted[mediaType]?.fileExtension ?? "bin")"
    }

    /// `fooddiary-export-20261124-071500.zip`.
    package static func archiveName(at date: Date) -> String { ArchiveFolder.name("fooddiary-export", at: date) }

    static func isArchiveName(_ name: String) -> Bool { ArchiveFolder.isName(name, "fooddiary-export") }
}

/// Writes one diary as a ZIP a person keeps or takes elsewhere: six spreadsheets, `diary.json`
/// with everything, and the photo originals. Meals are read one at a time from one snapshot of the
/// diary and written straight to files, so a diary of any size exports in little memory.
package struct DiaryExporter: Sendable {
    package struct Summary: Sendable, Equatable {
        package let archive: String
        package let meals: Int
        package let entries: Int
        package let photos: Int
        package let bytes: Int64
    }

    let database: AppDatabase
    let photos: PhotoStore

    package init(database: AppDatabase, photos: PhotoStore) {
        self.database = database
        self.photos = photos
    }

    /// The archive appears at `target` whole, or not at all. File work runs off the cooperative
    /// threads, the tables are written from a read on GRDB's own queue.
    package func export(to target: String) async throws -> Summary {
        let (database, photos) = (database, photos)
        let staging = try await offTheCooperativePool { try Self.prepareStaging(photos: photos, target: target) }
        do {
            // Files carry values as stored (kcal, a decimal point), whoever asked for them.
            let counts = try await database.writer.read { db in
                try RequestConventions.stored.bound { try Self.writeTables(db, into: staging) }
            }
            let summary = try await offTheCooperativePool { try Self.archive(counts, from: staging, photos: photos, to: target) }
            try? FileManager.default.removeItem(atPath: staging)
            return summary
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    /// A staging folder holding a link to every original photo, made before the snapshot is read:
    /// a photo deleted meanwhile keeps its bytes there.
    private static func prepareStaging(photos: PhotoStore, target: String) throws -> String {
        let folder = (photos.root as NSString).deletingLastPathComponent
        removeLeftovers(in: folder)
        removeLeftovers(in: (target as NSString).deletingLastPathComponent)
        let staging = folder + "/export-staging-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: staging + "/photos", withIntermediateDirectories: true)
        linkOriginals(of: photos, into: staging)
        return staging
    }

    private static func archive(_ counts: Counts, from staging: String, photos: PhotoStore, to target: String) throws -> Summary {
        for photo in counts.photos where !FileManager.default.fileExists(atPath: staging + "/" + photo.file) {
            guard
                Foundation.link(photos.path(sha256: photo.sha256, size: .untouched, mediaType: photo.mediaType), staging + "/" + photo.file)
                    == 0
            else {
                throw ImportRefusal(description: tr("A photo changed while the export was being written; export again."))
            }
        }
        // Two exports asked for in the same second share a name: each writes its own partial file.
        let partial = target + ".\(UUID().uuidString).partial"
        do {
            let archive = try Archive(url: URL(fileURLWithPath: partial), accessMode: .create)
            for table in ExportLayout.tables {
                try archive.addEntry(with: table, fileURL: URL(fileURLWithPath: staging + "/" + table), compressionMethod: .deflate)
            }
            for photo in counts.photos {
                try archive.addEntry(with: photo.file, fileURL: URL(fileURLWithPath: staging + "/" + photo.file), compressionMethod: .none)
            }
            try DurableFile.sync(partial)
            try DurableFile.rename(partial, to: target)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: target)[.size]) as? NSNumber)?.int64Value ?? 0
        return Summary(archive: target, meals: counts.meals, entries: counts.entries, photos: counts.photos.count, bytes: bytes)
    }

    /// What an export killed half-way left (its staging folder, its unfinished archive), once it is
    /// an hour old: an export running now is younger than that.
    static func removeLeftovers(in folder: String) {
        let cutoff = Date().addingTimeInterval(-3600)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix("export-staging-") || (name.hasPrefix("fooddiary-export-") && name.hasSuffix(".partial")) {
            let path = folder + "/" + name
            if let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date, modified < cutoff {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    private static func linkOriginals(of photos: PhotoStore, into staging: String) {
        let originals = photos.originalsDirectory
        for shard in (try? FileManager.default.contentsOfDirectory(atPath: originals)) ?? [] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: originals + "/" + shard)) ?? [] {
                _ = Foundation.link(originals + "/" + shard + "/" + name, staging + "/photos/" + name)
            }
        }
    }

    private struct Counts: Sendable {
        var meals = 0
        var entries = 0
        var photos: [DiaryDocument.Photo] = []
    }

    private static func writeTables(_ db: Database, into staging: String) throws -> Counts {
        let header = try PortabilityQueries.document(db)
        var counts = Counts(photos: header.photos)
        let places = Dictionary(uniqueKeysWithValues: header.places.map { ($0.ref, $0.name) })
        let nutrientHeaders = NutrientKind.allCases.map { "\($0.label) (\($0.unit))" }
        let meals = try SpreadsheetFile(
            path: staging + "/" + ExportLayout.meals,
            header: [
                "meal", "date", "time", "utc_offset", "notes", "place", "latitude", "longitude", "tags", "favourite", "photo", "foods"
            ] + nutrientHeaders)
        let entries = try SpreadsheetFile(
            path: staging + "/" + ExportLayout.entries,
            header: [
                "meal", "date", "time", "food", "brand", "source", "ndb_number", "amount", "grams", "ml"
            ] + nutrientHeaders)
        let json = try JSONLinesFile(path: staging + "/" + ExportLayout.diary, header: header)
        try PortabilityQueries.forEachMeal(db) { meal in
            counts.meals += 1
            counts.entries += meal.entries.count
            let date = String(meal.eatenLocal.prefix(10)), time = String(meal.eatenLocal.suffix(5))
            let totals = NutrientValues.sum(meal.entries.map(\.nutrients.values))
            try meals.write(
                [
                    .integer(meal.ref), .text(date), .text(time), .text("UTC" + formatUTCOffset(minutes: meal.utcOffsetMinutes)),
                    .text(meal.notes),
                    .text(meal.place.flatMap { places[$0] } ?? ""), .number(meal.latitude), .number(meal.longitude),
                    .text(meal.tags.joined(separator: "; ")), .text(meal.isFavourite ? "yes" : ""),
                    .text(meal.photoSHA256.flatMap { sha in header.photos.first { $0.sha256 == sha }?.file } ?? ""),
                    .integer(meal.entries.count)
                ] + NutrientKind.allCases.map { .number(totals[$0]) })
            for entry in meal.entries {
                let amount = entry.food.unit.split(entry.grams)
                try entries.write(
                    [
                        .integer(meal.ref), .text(date), .text(time), .text(entry.food.description), .text(entry.food.brandOwner ?? ""),
                        .text(FoodDataType(rawValue: entry.food.dataType)?.label ?? entry.food.dataType), .text(entry.food.ndbNumber ?? ""),
                        .text(entry.portionLabel), .number(amount.grams), .number(amount.millilitres)
                    ] + NutrientKind.allCases.map { .number(entry.nutrients.values[$0]) })
            }
            try json.append(meal)
        }
        try meals.close()
        try entries.close()
        try json.close()
        try writeDays(db, goals: header.goals, to: staging + "/" + ExportLayout.days)
        try writeBody(header, staging: staging)
        return counts
    }

    private static func writeDays(_ db: Database, goals: [DiaryDocument.Goal], to path: String) throws {
        let targets = Dictionary(uniqueKeysWithValues: goals.map { ($0.nutrient, $0.target) })
        let goalKinds = NutrientKind.allCases.filter { DailyGoals.kinds.contains($0) }
        let days = try SpreadsheetFile(
            path: path,
            header: ["date", "meals", "meals not itemised", "foods"]
                + NutrientKind.allCases.map { "\($0.label) (\($0.unit))" } + goalKinds.map { "\($0.label) goal (\($0.unit))" }
                + ["water drunk (ml)", "exercise (kcal)", "steps", "note"])
        try PortabilityQueries.forEachDay(db) { day, foods, extras in
            try days.write(
                [.text(day.date.description), .integer(day.mealCount), .integer(day.notItemisedCount), .integer(foods)]
                    + NutrientKind.allCases.map { .number(day.totals[$0]) } + goalKinds.map { .number(targets[$0.rawValue]) }
                    + [
                        .number(extras.waterMillilitres), .number(extras.exerciseKcal), .number(extras.steps.map(Double.init)),
                        .text(extras.note ?? "")
                    ])
        }
        try days.close()
    }

    /// Weigh-ins with the trend each day had, every other measurement, and the exercise, in the units stored.
    private static func writeBody(_ document: DiaryDocument, staging: String) throws {
        let weighIns = document.bodyMeasurements.filter { $0.measure == BodyMeasure.weightKey }
        let trend = WeightTrend(
            weighIns: weighIns.compactMap { reading in LocalDateTime(parsing: reading.measuredLocal).map { ($0.date, reading.value) } })
        let weights = try SpreadsheetFile(
            path: staging + "/" + ExportLayout.weights, header: ["date", "time", "utc_offset", "weight (kg)", "trend (kg)"])
        for reading in weighIns {
            let date = LocalDate(parsing: String(reading.measuredLocal.prefix(10)))
            try weights.write([
                .text(String(reading.measuredLocal.prefix(10))), .text(String(reading.measuredLocal.suffix(5))),
                .text("UTC" + formatUTCOffset(minutes: reading.utcOffsetMinutes)), .number(reading.value),
                .number(date.flatMap { trend.trend(on: $0) }.map { ($0 * 1_000).rounded() / 1_000 })
            ])
        }
        try weights.close()
        let names = Dictionary(
            document.bodyMeasures.map { ($0.key, ($0.name, $0.unit == "percent" ? "%" : $0.unit)) }, uniquingKeysWith: { first, _ in first }
        )
        let measurements = try SpreadsheetFile(
            path: staging + "/" + ExportLayout.measurements, header: ["date", "time", "utc_offset", "measure", "value", "unit"])
        for reading in document.bodyMeasurements where reading.measure != BodyMeasure.weightKey {
            try measurements.write([
                .text(String(reading.measuredLocal.prefix(10))), .text(String(reading.measuredLocal.suffix(5))),
                .text("UTC" + formatUTCOffset(minutes: reading.utcOffsetMinutes)), .text(names[reading.measure]?.0 ?? reading.measure),
                .number(reading.value), .text(names[reading.measure]?.1 ?? "")
            ])
        }
        try measurements.close()
        let activities = try SpreadsheetFile(
            path: staging + "/" + ExportLayout.activities,
            header: [
                "date", "time", "utc_offset", "activity", "minutes", "exercise (kcal)", "distance (m)", "MET", "compendium", "source"
            ])
        for activity in document.activities {
            try activities.write([
                .text(String(activity.startedLocal.prefix(10))), .text(String(activity.startedLocal.suffix(5))),
                .text("UTC" + formatUTCOffset(minutes: activity.utcOffsetMinutes)), .text(activity.name),
                .number(activity.durationMinutes), .number(activity.activeEnergyKcal), .number(activity.distanceMetres),
                .number(activity.met), .text(activity.kind.flatMap(ActivityKind.named)?.compendium ?? ""), .text(activity.source)
            ])
        }
        try activities.close()
    }
}

/// `diary.json` written as it is read: the small sections first, then one meal per line.
private final class JSONLinesFile {
    private let file: BufferedFile
    private let encoder = DiaryDocument.encoder
    private var isFirst = true

    init(path: String, header: DiaryDocument) throws {
        file = try BufferedFile(path: path)
        // The header without its (empty) meals and closing brace, so the meals can follow. Quotes
        // inside strings are escaped, so the pattern can only be the key itself.
        var text = String(decoding: try encoder.encode(header), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"meals\":[],", with: "")
        text.removeLast()
        try file.append((text + ",\"meals\":[").utf8)
    }

    func append(_ meal: DiaryDocument.Meal) throws {
        try file.append((isFirst ? "\n" : ",\n").utf8)
        isFirst = false
        try file.append(try encoder.encode(meal))
    }

    func close() throws {
        try file.append("\n]}\n".utf8)
        try file.close()
    }
}

extension ArchiveFolder {
    static func exports(_ directory: String) -> ArchiveFolder { ArchiveFolder(directory: directory, isOurs: ExportLayout.isArchiveName) }
}
