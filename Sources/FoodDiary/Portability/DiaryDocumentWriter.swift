import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import GRDB

/// Inserts a `DiaryDocument` into a diary inside the caller's transaction, mapping the file's refs
/// to new ids and leaving out what the diary holds already.
struct DiaryDocumentWriter {
    let db: Database
    let now: Date

    /// A time the file gives as stored (`2026-03-09 12:30:00.000`), or now when it gives none. Checked,
    /// because pages read these back as instants.
    func stamp(_ text: String) throws -> any DatabaseValueConvertible {
        if text.isEmpty { return now }
        guard StoredTimestamp.parse(text) != nil else {
            throw ImportRefusal(
                description: tr("The file has the time “\(text.prefix(40))” where a time like 2026-03-09 12:30:00.000 belongs."))
        }
        return text
    }

    /// A time's UTC offset, checked before any arithmetic with it, with words the table's own check lacks.
    func offset(_ minutes: Int) throws -> Int {
        guard LocalDateTime.storableUTCOffsetMinutes.contains(minutes) else {
            throw ImportRefusal(description: tr("The file has the UTC offset \(minutes) minutes, which no place keeps (−840 to 840)."))
        }
        return minutes
    }

    func add(_ document: DiaryDocument) throws -> ImportOutcome {
        var outcome = ImportOutcome()
        for goal in document.goals {
            try db.execute(
                sql: "INSERT INTO daily_goal (nutrient, target) VALUES (?, ?) ON CONFLICT DO NOTHING",
                arguments: [goal.nutrient, goal.target])
            outcome.goalsAdded += db.changesCount
        }
        for tag in document.tags { outcome.tagsAdded += try addTag(tag) }
        var placeIDs: [Int: Int64] = [:]
        for place in document.places {
            if let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM place WHERE name = ? AND latitude = ? AND longitude = ? ORDER BY id LIMIT 1",
                arguments: [place.name, place.latitude, place.longitude])
            {
                placeIDs[place.ref] = id
                continue
            }
            try db.execute(
                sql: "INSERT INTO place (name, latitude, longitude, geocoded_name, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [place.name, place.latitude, place.longitude, place.geocodedName, try stamp(place.createdAt)])
            placeIDs[place.ref] = db.lastInsertedRowID
            outcome.placesAdded += 1
        }
        for photo in document.photos {
            try db.execute(
                sql: """
                    INSERT INTO photo (sha256, media_type, byte_count, width_px, height_px, taken_local, taken_utc_offset_minutes,
                        latitude, longitude, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    photo.sha256, photo.mediaType, photo.byteCount, photo.widthPx, photo.heightPx, photo.takenLocal,
                    photo.takenUTCOffsetMinutes, photo.latitude, photo.longitude, try stamp(photo.createdAt)
                ])
            outcome.photosAdded += db.changesCount
        }
        let myFoodIDs = try addMyFoods(document.myFoods, outcome: &outcome)
        for recipe in document.recipes { try addRecipe(recipe, myFoodIDs: myFoodIDs, outcome: &outcome) }
        for saved in document.savedFoods {
            let columns = SnapshotColumns.identity + SnapshotColumns.basisColumns + ["default_grams", "default_portion_label", "created_at"]
            try db.execute(
                sql:
                    "INSERT INTO saved_food (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count))) ON CONFLICT DO NOTHING",
                arguments: StatementArguments(
                    try snapshotArguments(saved.food) + [saved.defaultGrams, saved.defaultPortionLabel, try stamp(saved.createdAt)]))
            outcome.savedFoodsAdded += db.changesCount
        }
        try addBody(document, outcome: &outcome)
        try addActivity(document, outcome: &outcome)
        try addNutrientTargets(document)
        try addDayNotes(document, outcome: &outcome)
        var existing: [String: Int] = [:]
        try PortabilityQueries.forEachMeal(db) { existing[$0.fingerprint, default: 0] += 1 }
        for meal in document.meals {
            let fingerprint = meal.fingerprint
            if let count = existing[fingerprint], count > 0 {
                existing[fingerprint] = count - 1
                outcome.mealsAlreadyThere += 1
                continue
            }
            try addMeal(meal, placeID: meal.place.flatMap { placeIDs[$0] }, outcome: &outcome)
        }
        try addPlan(document, outcome: &outcome)
        return outcome
    }

    private func addTag(_ name: String) throws -> Int {
        try db.execute(sql: "INSERT INTO tag (name) VALUES (?) ON CONFLICT (name) DO NOTHING", arguments: [name])
        return db.changesCount
    }

    private func addMyFoods(_ foods: [DiaryDocument.MyFood], outcome: inout ImportOutcome) throws -> [Int: Int64] {
        let columns =
            ["name", "brand_owner", "serving_grams", "serving_label", "photo_sha256", "shared_with_household", "created_at", "updated_at"]
            + SnapshotColumns.scaledColumns
        let sameFood = (columns.filter { $0 != "created_at" && $0 != "updated_at" && $0 != "shared_with_household" })
            .map { "\($0) IS ?" }.joined(separator: " AND ")
        var ids: [Int: Int64] = [:]
        for food in foods {
            let values: [(any DatabaseValueConvertible)?] = [
                food.name, food.brandOwner, food.servingGrams, food.servingLabel, food.photoSHA256
            ]
            let nutrients = NutrientKind.allCases.map { food.nutrients.values[$0] }
            if let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM my_food WHERE \(sameFood) ORDER BY id LIMIT 1",
                arguments: StatementArguments(values + nutrients))
            {
                ids[food.ref] = id
                continue
            }
            try db.execute(
                sql: "INSERT INTO my_food (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count)))",
                arguments: StatementArguments(
                    values + [food.sharedWithHousehold, try stamp(food.createdAt), try stamp(food.updatedAt)] + nutrients))
            ids[food.ref] = db.lastInsertedRowID
            outcome.myFoodsAdded += 1
        }
        return ids
    }

    /// A recipe is taken to be there already when one of the same name was created at the same moment.
    private func addRecipe(_ recipe: DiaryDocument.Recipe, myFoodIDs: [Int: Int64], outcome: inout ImportOutcome) throws {
        guard
            try Int.fetchOne(db, sql: "SELECT 1 FROM recipe WHERE name = ? AND created_at = ?", arguments: [recipe.name, recipe.createdAt])
                == nil
        else { return }
        if let source = recipe.sourceURL {
            guard source.count <= 2_048, let url = URL(string: source), OutboundHTTP.isWebAddress(url) else {
                throw ImportRefusal(
                    description: tr("Recipe “\(recipe.name)” says it came from “\(source.prefix(80))”, which is not a web address."))
            }
        }
        try db.execute(
            sql: """
                INSERT INTO recipe (name, servings, notes, source_url, photo_sha256, shared_with_household, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                recipe.name, recipe.servings, recipe.notes, recipe.sourceURL, recipe.photoSHA256, recipe.sharedWithHousehold,
                try stamp(recipe.createdAt), try stamp(recipe.updatedAt)
            ])
        let recipeID = db.lastInsertedRowID
        let columns =
            ["recipe_id", "my_food_id", "grams", "portion_label", "created_at"] + SnapshotColumns.identity
            + SnapshotColumns.basisColumns + SnapshotColumns.scaledColumns
        for ingredient in recipe.ingredients {
            let myFoodID: Int64? = try ingredient.myFood.map {
                guard let id = myFoodIDs[$0] else {
                    throw ImportRefusal(description: tr("Recipe “\(recipe.name)” names My food \($0), which the file does not hold."))
                }
                return id
            }
            let values: [(any DatabaseValueConvertible)?] = [
                recipeID, myFoodID, ingredient.grams, ingredient.portionLabel, try stamp(ingredient.createdAt)
            ]
            try db.execute(
                sql:
                    "INSERT INTO recipe_ingredient (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count)))",
                arguments: StatementArguments(
                    values + (try snapshotArguments(ingredient.food)) + NutrientKind.allCases.map { ingredient.nutrients.values[$0] }))
        }
        outcome.recipesAdded += 1
    }

    private func addMeal(_ meal: DiaryDocument.Meal, placeID: Int64?, outcome: inout ImportOutcome) throws {
        guard let eaten = LocalDateTime(parsing: meal.eatenLocal) else {
            throw ImportRefusal(
                description: tr("Meal \(meal.ref) has the time “\(meal.eatenLocal)”, which is not a date and time like 2026-03-09T12:30."))
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO meal (eaten_local, utc_offset_minutes, notes, photo_sha256, latitude, longitude, location_source, place_id,
                    is_favourite, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            meal.eatenLocal, try offset(meal.utcOffsetMinutes), meal.notes, meal.photoSHA256, meal.latitude, meal.longitude,
            meal.locationSource, placeID, meal.isFavourite, try stamp(meal.createdAt),
            try stamp(meal.updatedAt)
        ])
        let mealID = db.lastInsertedRowID
        let columns =
            ["meal_id", "grams", "portion_label", "created_at", "updated_at"] + SnapshotColumns.identity
            + SnapshotColumns.basisColumns + SnapshotColumns.scaledColumns
        for entry in meal.entries {
            let values: [(any DatabaseValueConvertible)?] = [
                mealID, entry.grams, entry.portionLabel,
                try stamp(entry.createdAt),
                try stamp(entry.updatedAt)
            ]
            try db.cachedStatement(
                sql: "INSERT INTO food_entry (\(columns.joined(separator: ", "))) VALUES (\(databaseQuestionMarks(count: columns.count)))"
            )
            .execute(
                arguments: StatementArguments(
                    values + (try snapshotArguments(entry.food)) + NutrientKind.allCases.map { entry.nutrients.values[$0] }))
        }
        for (position, tag) in meal.tags.enumerated() {
            outcome.tagsAdded += try addTag(tag)
            try db.execute(
                sql: "INSERT INTO meal_tag (meal_id, tag_id, position) SELECT ?, id, ? FROM tag WHERE name = ? ON CONFLICT DO NOTHING",
                arguments: [mealID, position, tag])
        }
        for share in meal.shares {
            try db.execute(
                sql: """
                    INSERT INTO meal_share (meal_id, direction, person_name, share_key, servings, total_servings, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    mealID, share.direction, share.personName, share.shareKey, share.servings, share.totalServings,
                    try stamp(share.createdAt)
                ])
        }
        outcome.mealsAdded += 1
        outcome.entriesAdded += meal.entries.count
        outcome.firstDay = min(outcome.firstDay ?? eaten.date, eaten.date)
        outcome.lastDay = max(outcome.lastDay ?? eaten.date, eaten.date)
    }

    func snapshotArguments(_ food: DiaryDocument.Food) throws -> [(any DatabaseValueConvertible)?] {
        guard FoodDataType(rawValue: food.dataType) != nil else {
            throw ImportRefusal(description: tr("A food in the file has the source “\(food.dataType)”, which this version does not know."))
        }
        guard let unit = MeasureUnit(rawValue: food.basisUnit ?? "g") else {
            let written = food.basisUnit ?? ""
            throw ImportRefusal(description: tr("A food in the file is measured in “\(written)”, which this version does not know."))
        }
        return [food.dataType, food.catalogFoodID, food.ndbNumber, food.description, food.brandOwner, food.basisGrams, unit.rawValue]
            + NutrientKind.allCases.map { food.basis.values[$0] }
    }
}
