import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// Reading a whole diary out as a `DiaryDocument`, and adding one (or what another app's file
/// became) to a diary in one transaction.
enum PortabilityQueries {
    /// Everything but the meals, which `forEachMeal` streams.
    static func document(_ db: Database) throws -> DiaryDocument {
        var document = DiaryDocument()
        document.goals = try Row.fetchAll(db, sql: "SELECT nutrient, target FROM daily_goal ORDER BY nutrient").map {
            .init(nutrient: $0[0], target: $0[1])
        }
        document.tags = try String.fetchAll(db, sql: "SELECT name FROM tag ORDER BY id")
        document.places = try Row.fetchAll(db, sql: "SELECT name, latitude, longitude, geocoded_name, created_at FROM place ORDER BY id")
            .enumerated().map { .init(ref: $0 + 1, name: $1[0], latitude: $1[1], longitude: $1[2], geocodedName: $1[3], createdAt: $1[4]) }
        document.photos = try Row.fetchAll(
            db,
            sql: """
                SELECT sha256, media_type, byte_count, width_px, height_px, taken_local, taken_utc_offset_minutes, latitude, longitude,
                    created_at
                FROM photo ORDER BY sha256
                """
        ).map {
            .init(
                sha256: $0[0], mediaType: $0[1], byteCount: $0[2], widthPx: $0[3], heightPx: $0[4], takenLocal: $0[5],
                takenUTCOffsetMinutes: $0[6], latitude: $0[7], longitude: $0[8], createdAt: $0[9],
                file: ExportLayout.photo(sha256: $0[0], mediaType: $0[1]))
        }
        let myFoodColumns =
            ([
                "id", "name", "brand_owner", "serving_grams", "serving_label", "photo_sha256", "shared_with_household",
                "created_at", "updated_at"
            ] + SnapshotColumns.scaledColumns).joined(separator: ", ")
        var myFoodRefs: [Int64: Int] = [:]
        document.myFoods = try Row.fetchAll(db, sql: "SELECT \(myFoodColumns) FROM my_food ORDER BY id").enumerated().map { index, row in
            myFoodRefs[row[0]] = index + 1
            return .init(
                ref: index + 1, name: row[1], brandOwner: row[2], servingGrams: row[3], servingLabel: row[4],
                nutrients: .init(SnapshotColumns.scaled(row, at: 9)), photoSHA256: row[5], sharedWithHousehold: row[6],
                createdAt: row[7], updatedAt: row[8])
        }
        let ingredientColumns =
            (["recipe_id", "my_food_id", "grams", "portion_label", "created_at"]
            + SnapshotColumns.snapshotColumns + SnapshotColumns.scaledColumns).joined(separator: ", ")
        let ingredients = Dictionary(
            grouping: try Row.fetchAll(db, sql: "SELECT \(ingredientColumns) FROM recipe_ingredient ORDER BY id"),
            by: { $0[0] as Int64 })
        document.recipes = try Row.fetchAll(
            db,
            sql: """
                SELECT id, name, servings, notes, photo_sha256, shared_with_household, created_at, updated_at, source_url FROM recipe
                    ORDER BY id
                """
        ).map { row in
            .init(
                name: row[1], servings: row[2], notes: row[3], sourceURL: row[8], photoSHA256: row[4], sharedWithHousehold: row[5],
                createdAt: row[6], updatedAt: row[7],
                ingredients: try (ingredients[row[0]] ?? []).map { ingredient in
                    .init(
                        myFood: (ingredient[1] as Int64?).flatMap { myFoodRefs[$0] },
                        food: .init(try SnapshotColumns.snapshot(ingredient, at: 5)), grams: ingredient[2], portionLabel: ingredient[3],
                        nutrients: .init(SnapshotColumns.scaled(ingredient, at: 5 + SnapshotColumns.snapshotColumns.count)),
                        createdAt: ingredient[4])
                })
        }
        // The row too: the export keeps the stored timestamp's text as it is.
        document.savedFoods = try SavedFood.order(SavedFood.Columns.id).asRequest(of: Row.self).fetchAll(db).map {
            let saved = try SavedFood(row: $0)
            return .init(
                food: .init(saved.food), defaultGrams: saved.defaultAmount.grams, defaultPortionLabel: saved.defaultAmount.label,
                createdAt: $0[3])
        }
        try addBody(db, to: &document)
        try addActivity(db, to: &document)
        try addNutrientTargets(db, to: &document)
        try addDayNotes(db, to: &document)
        try addPlan(db, to: &document)
        return document
    }

    /// Every meal, oldest first, numbered from 1 in that order, read one at a time.
    static func forEachMeal(_ db: Database, _ body: (DiaryDocument.Meal) throws -> Void) throws {
        var placeRefs: [Int64: Int] = [:]
        for (index, id) in try Int64.fetchAll(db, sql: "SELECT id FROM place ORDER BY id").enumerated() { placeRefs[id] = index + 1 }
        let entryColumns =
            (["grams", "portion_label", "created_at", "updated_at"] + SnapshotColumns.snapshotColumns
            + SnapshotColumns.scaledColumns).joined(separator: ", ")
        let meals = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, eaten_local, utc_offset_minutes, notes, photo_sha256, latitude, longitude, location_source, place_id,
                       is_favourite, created_at, updated_at
                FROM meal ORDER BY eaten_local, id
                """)
        var ref = 0
        while let row = try meals.next() {
            ref += 1
            let id: Int64 = row[0]
            let entries = try db.cachedRows("SELECT \(entryColumns) FROM food_entry WHERE meal_id = ? ORDER BY id", [id]).map {
                DiaryDocument.Entry(
                    food: .init(try SnapshotColumns.snapshot($0, at: 4)), grams: $0[0], portionLabel: $0[1],
                    nutrients: .init(SnapshotColumns.scaled($0, at: 4 + SnapshotColumns.snapshotColumns.count)),
                    createdAt: $0[2], updatedAt: $0[3])
            }
            let tags = try db.cachedRows(
                """
                SELECT t.name FROM meal_tag mt JOIN tag t ON t.id = mt.tag_id WHERE mt.meal_id = ? ORDER BY mt.position
                """, [id]
            ).map { $0[0] as String }
            let shares = try db.cachedRows(
                """
                SELECT direction, person_name, share_key, servings, total_servings, created_at FROM meal_share WHERE meal_id = ? ORDER BY id
                """, [id]
            ).map {
                DiaryDocument.Share(
                    direction: $0[0], personName: $0[1], shareKey: $0[2], servings: $0[3], totalServings: $0[4], createdAt: $0[5])
            }
            try body(
                .init(
                    ref: ref, eatenLocal: row[1], utcOffsetMinutes: row[2], notes: row[3], photoSHA256: row[4],
                    latitude: row[5], longitude: row[6], locationSource: row[7], place: (row[8] as Int64?).flatMap { placeRefs[$0] },
                    isFavourite: row[9], tags: tags, entries: entries, shares: shares, createdAt: row[10], updatedAt: row[11]))
        }
    }

    static func photoHashes(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT sha256 FROM photo"))
    }

    static func daysWithMeals(_ db: Database) throws -> Set<LocalDate> {
        Set(try String.fetchAll(db, sql: "SELECT DISTINCT substr(eaten_local, 1, 10) FROM meal").compactMap(LocalDate.init(parsing:)))
    }

    /// What a day holds beside its meals.
    struct DayExtras: Sendable, Equatable {
        var waterMillilitres: Double?
        var exerciseKcal: Double?
        var steps: Int?
        var note: String?
    }

    /// One row per day that has meals, water, exercise, steps or a note: how many meals, the sums of their
    /// foods, and the rest. The meals are read as a cursor; the rest is a row a day, kept at once.
    static func forEachDay(_ db: Database, _ body: (DayQueries.DayTotals, _ foods: Int, DayExtras) throws -> Void) throws {
        var extras: [String: DayExtras] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT substr(drunk_local, 1, 10), sum(millilitres) FROM water_drink GROUP BY 1") {
            extras[row[0], default: DayExtras()].waterMillilitres = row[1]
        }
        for (date, day) in try ActivityQueries.days(db, from: nil, through: nil) {
            extras[date.description, default: DayExtras()].exerciseKcal = day.activeKcal > 0 ? day.activeKcal : nil
            extras[date.description, default: DayExtras()].steps = day.steps
        }
        for (date, note) in try DayQueries.notes(db, from: nil, through: nil) { extras[date.description, default: DayExtras()].note = note }
        let others = extras.keys.sorted()
        var next = 0
        func othersBefore(_ day: String?) throws {
            while next < others.count, day.map({ others[next] < $0 }) ?? true {
                if let date = LocalDate(parsing: others[next]) {
                    try body(
                        .init(date: date, mealCount: 0, notItemisedCount: 0, totals: NutrientValues()), 0,
                        extras[others[next]] ?? DayExtras())
                }
                next += 1
            }
        }
        let sums = NutrientKind.allCases.map { "sum(e.\($0.column))" }.joined(separator: ", ")
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT substr(m.eaten_local, 1, 10), count(DISTINCT m.id), count(e.id), sum(e.id IS NULL), \(sums)
                FROM meal m LEFT JOIN food_entry e ON e.meal_id = m.id
                GROUP BY 1 ORDER BY 1
                """)
        while let row = try rows.next() {
            let day: String = row[0]
            try othersBefore(day)
            if next < others.count, others[next] == day { next += 1 }
            guard let date = LocalDate(parsing: day) else { continue }
            try body(
                .init(date: date, mealCount: row[1], notItemisedCount: row[3], totals: SnapshotColumns.scaled(row, at: 4)), row[2],
                extras[day] ?? DayExtras())
        }
        try othersBefore(nil)
    }
}

/// What an import adds, or would add: the preview shows it before, the notice after.
package struct ImportOutcome: Sendable, Equatable {
    var mealsAdded = 0
    var mealsAlreadyThere = 0
    var entriesAdded = 0
    var photosAdded = 0
    var placesAdded = 0
    var tagsAdded = 0
    var myFoodsAdded = 0
    var recipesAdded = 0
    var savedFoodsAdded = 0
    var goalsAdded = 0
    var measurementsAdded = 0
    var drinksAdded = 0
    var activitiesAdded = 0
    var movementAdded = 0
    var dayNotesAdded = 0
    var plannedAdded = 0
    var shoppingItemsAdded = 0
    var firstDay: LocalDate?
    var lastDay: LocalDate?
}

/// An import stopped by something the file says, with the words the person sees.
package struct ImportRefusal: Error, CustomStringConvertible {
    package let description: String
}

extension AppDatabase {
    /// Adds what `document` holds that the diary has not, all or nothing. A meal counts as there
    /// already when one with the same fingerprint is (each in the diary matching one in the file),
    /// so importing a file twice adds nothing the second time. With `dryRun` the transaction is
    /// rolled back: the preview and the import are the same computation.
    func importDocument(_ document: DiaryDocument, dryRun: Bool, now: Date) async throws -> ImportOutcome {
        defer { if !dryRun { version.advance() } }
        return try await writer.writeWithoutTransaction { db in
            var outcome = ImportOutcome()
            do {
                try db.inTransaction {
                    outcome = try DiaryDocumentWriter(db: db, now: now).add(document)
                    return dryRun ? .rollback : .commit
                }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                let reason = error.message ?? tr("a check failed")
                throw ImportRefusal(description: tr("The file holds a value this diary cannot keep (\(reason)), so nothing was imported."))
            }
            return outcome
        }
    }
}
