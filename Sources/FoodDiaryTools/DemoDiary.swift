import FoodDiary
import FoodDiaryApp
import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import GRDB
import FoodDiaryPhotos

/// Fills a diary with realistic meals so a person can try every page: three meals a day and some
/// snacks from the USDA catalog, a few foods typed from labels, tags, places, favourites, goals and
/// generated photos. Seeded, so the same command gives the same diary.
public struct DemoDiary {
    public struct Summary: Sendable, Equatable {
        public var meals = 0
        public var entries = 0
        public var photos = 0
        public var weighIns = 0
        public var drinks = 0
        public var activities = 0
    }

    public struct DiaryNotEmpty: Error, CustomStringConvertible {
        public let mealCount: Int
        public var description: String {
            "This diary already has \(mealCount) meal\(mealCount == 1 ? "" : "s"); demo data is only added to an empty diary. Pass --force to add it anyway."
        }
    }

    package struct Slot {
        let name: String
        let minutes: Int
        let queries: [String]
        let tags: [String]
    }

    static let slots = [
        Slot(
            name: "Breakfast", minutes: 7 * 60 + 30, queries: ["oats", "milk", "banana", "egg", "bread", "yogurt", "blueberries", "butter"],
            tags: ["breakfast"]),
        Slot(
            name: "Lunch", minutes: 12 * 60 + 45,
            queries: ["chicken breast", "rice", "lettuce", "tomato", "cheddar", "apple", "bread", "broccoli"], tags: ["lunch"]),
        Slot(name: "Snack", minutes: 16 * 60, queries: ["almonds", "apple", "yogurt", "banana", "peanut butter"], tags: ["snack"]),
        Slot(
            name: "Dinner", minutes: 19 * 60 + 15,
            queries: ["salmon", "potato", "broccoli", "pasta", "ground beef", "peas", "carrot", "olive oil"], tags: ["dinner"])
    ]

    static let typedFoods: [(String, String?, Double, [NutrientKind: Double])] = [
        (
            "Protein bar, peanut", "Trail Co", 60,
            [.energyKcal: 230, .proteinG: 20, .fatG: 9, .carbohydrateG: 21, .sodiumMg: 180, .sugarsG: 6]
        ),
        ("Lentil soup, homemade", nil, 300, [.energyKcal: 210, .proteinG: 12, .fatG: 5, .carbohydrateG: 30, .sodiumMg: 520, .fiberG: 9]),
        ("Flat white", "Corner Café", 240, [.energyKcal: 110, .proteinG: 6, .fatG: 6, .carbohydrateG: 9, .sugarsG: 9])
    ]

    /// Home, the office and a favourite restaurant in London, named once GeoNames has named them.
    static let places: [(String, Double, Double)] = [
        ("Home", 51.5226, -0.1557), ("Office", 51.5155, -0.0922), ("Dishoom", 51.5124, -0.1268)
    ]

    package let database: AppDatabase
    package let catalog: CatalogDatabase
    package let geonames: GeoNamesDatabase
    package let photos: PhotoStore

    package init(database: AppDatabase, catalog: CatalogDatabase, geonames: GeoNamesDatabase, photos: PhotoStore) {
        self.database = database
        self.catalog = catalog
        self.geonames = geonames
        self.photos = photos
    }

    public init(config: AppConfig) throws {
        let database = try AppDatabase.open(path: config.legacyDiaryPath)
        let photos = PhotoStore(
            root: config.legacyPhotosDirectory, maxPixels: config.maxPhotoPixels,
            isRecorded: { try await database.isPhotoRecorded(sha256: $0) })
        try ImageLibrary.start()
        self.init(
            database: database, catalog: try CatalogDatabase.open(path: config.catalogPath),
            geonames: try GeoNamesDatabase.open(path: config.geonamesPath), photos: photos)
    }

    /// Adds `days` days of meals ending on `today`. Refuses a diary that has meals unless `force`.
    /// `largePhotos` more meals each get a 12-megapixel photo, as a phone takes it, for benchmarks
    /// whose archives should be mostly photo bytes.
    public func fill(
        days: Int, today: LocalDate, timeZone: TimeZone, force: Bool = false, largePhotos: Int = 0,
        seed: UInt64 = 2026
    ) async throws -> Summary {
        let existing = try await database.mealCount()
        guard existing == 0 || force else { throw DiaryNotEmpty(mealCount: existing) }
        var random = SplitMix64(seed: seed)
        var summary = Summary()
        let foods = try await catalogFoods()
        let now = Date()

        let goals = try await database.read { db in try DailyGoals.fetch(db) }
        if goals.isEmpty {
            try await database.setGoals(
                DailyGoals([.energyKcal: 2000, .proteinG: 90, .fatG: 70, .carbohydrateG: 250, .sodiumMg: 2300, .fiberG: 30]))
        }
        var placeIDs: [Int64] = []
        for (index, place) in Self.places.enumerated() {
            let point = Coordinates(latitude: place.1, longitude: place.2)!
            let name = try await geonames.nearest(to: point)?.label
            let input = MealInput(
                eatenAt: LocalDateTime(parsing: "\(today.adding(days: -days))T08:00")!, utcOffsetMinutes: 0, notes: "",
                location: .point(point, source: .typed))
            let scratch = try await database.createMeal(input, geocodedName: name, now: now)
            let placeID = try await database.read { db in
                try Int64.fetchOne(db, sql: "SELECT place_id FROM meal WHERE id = ?", arguments: [scratch])
            }
            _ = try await database.deleteMeal(id: scratch)
            if let placeID {
                _ = try await database.renamePlace(id: placeID, to: place.0)
                placeIDs.append(placeID)
            } else if index == 0 {
                break
            }
        }

        for dayOffset in stride(from: days - 1, through: 0, by: -1) {
            let date = today.adding(days: -dayOffset)
            let weekend = [0, 6].contains(date.weekdayIndex)
            for slot in Self.slots {
                if slot.name == "Snack" && random.next() % 2 == 0 { continue }
                let minutes = slot.minutes + Int(random.next() % 50) - 25
                guard let eatenAt = LocalDateTime(parsing: String(format: "%@T%02d:%02d", date.description, minutes / 60, minutes % 60))
                else { continue }
                var tags = slot.tags
                var placeIndex = slot.name == "Lunch" && !weekend ? 1 : 0
                if slot.name == "Dinner" && random.next() % 6 == 0 { placeIndex = 2; tags += ["restaurant"] }
                if random.next() % 5 == 0 { tags.append("with Sam") }
                let location: LocationChoice = placeIDs.indices.contains(placeIndex) ? .place(id: placeIDs[placeIndex]) : .none
                let notes = Self.note(slot: slot, random: &random)
                let photo = slot.name == "Dinner" && random.next() % 3 == 0 ? try await samplePhoto(eatenAt: eatenAt, random: &random) : nil
                let input = MealInput(
                    eatenAt: eatenAt, utcOffsetMinutes: offset(eatenAt, timeZone), notes: notes, location: location, tags: tags)
                defer { if let photo { unlink(photo.temporaryPath) } }
                let id = try await photos.committing(photo, creating: { try await database.createMeal(input, photo: photo, now: now) })
                summary.meals += 1
                if photo != nil { summary.photos += 1 }
                summary.entries += try await addFoods(to: id, slot: slot, foods: foods, random: &random, now: now)
                if slot.name == "Breakfast" && dayOffset % 9 == 0 { _ = try await database.setFavourite(mealID: id, true) }
            }
        }
        try await addBody(days: days, today: today, timeZone: timeZone, random: &random, summary: &summary)
        try await addPlan(today: today, now: now)
        for index in 0..<largePhotos {
            guard let eatenAt = LocalDateTime(parsing: "\(today.adding(days: -(index % days)))T21:00") else { continue }
            let photo = try await samplePhoto(eatenAt: eatenAt, random: &random, width: 4000, height: 3000)
            defer { if let photo { unlink(photo.temporaryPath) } }
            let input = MealInput(eatenAt: eatenAt, utcOffsetMinutes: offset(eatenAt, timeZone), notes: "Late snack, photographed")
            _ = try await photos.committing(photo, creating: { try await database.createMeal(input, photo: photo, now: now) })
            summary.meals += 1
            summary.photos += 1
        }
        return summary
    }

    /// Two recipes of catalog foods, and this week planned with them: a favourite breakfast, a
    /// banana at lunch, the recipes at dinner, Saturday's dinner out.
    private func addPlan(today: LocalDate, now: Date) async throws {
        let recipes: [(String, Double, [(String, Double, String)])] = [
            (
                "Chili con carne", 4,
                [
                    ("onions raw", 220, "2 medium"), ("tomatoes red ripe canned", 800, "2 cans"),
                    ("beef ground 85% lean raw", 500, "500 g"),
                    ("beans kidney canned", 400, "1 can"), ("garlic raw", 9, "3 cloves")
                ]
            ),
            (
                "Vegetable omelette", 2,
                [("egg whole raw", 200, "4 large"), ("peppers sweet red raw", 119, "1 medium"), ("cheese cheddar", 40, "40 g")]
            )
        ]
        var ids: [Int64] = []
        for (name, servings, ingredients) in recipes {
            let found = try await catalog.read { db in
                try ingredients.compactMap { query, grams, label -> RecipeIngredientInput? in
                    guard let summary = try FoodSearch.search(db, query: query, limit: 1).foods.first,
                        let details = try FoodDetails.fetch(db, id: summary.id)
                    else { return nil }
                    return RecipeIngredientInput(
                        food: FoodSnapshot(catalogFood: details), myFoodID: nil, amount: ChosenAmount(grams: grams, label: label))
                }
            }
            guard !found.isEmpty else { continue }
            ids.append(
                try await database.importRecipe(
                    RecipeInput(name: name, servings: servings, notes: ""), from: nil, ingredients: found, photo: nil, now: now))
        }
        let favourite = try await database.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM meal WHERE is_favourite = 1 ORDER BY eaten_local DESC LIMIT 1")
        }
        let monday = today.adding(days: -((today.weekdayIndex + 6) % 7))
        for offset in 0..<7 {
            let day = monday.adding(days: offset)
            if let favourite { _ = try await database.plan(.meal(id: favourite), on: day, slot: .breakfast, now: now) }
            if offset == 5 {
                _ = try await database.plan(.note("Dinner out with Sam"), on: day, slot: .dinner, now: now)
            } else if !ids.isEmpty {
                _ = try await database.plan(.recipe(id: ids[offset % ids.count], servings: 2), on: day, slot: .dinner, now: now)
            }
        }
    }

    private func offset(_ local: LocalDateTime, _ timeZone: TimeZone) -> Int { local.utcOffsetMinutes(in: timeZone) }

    /// The person burns a little more a day than their meals hold, losing a few kilograms over the
    /// demo's 600 days: their weight follows what the diary says they ate, so the energy page
    /// finds the expenditure again.
    static let demoDeficitKcal = 60.0

    /// Morning weigh-ins on most days, the waist on Sundays, a few glasses of water a day, a run or
    /// a ride three evenings a week and the phone's steps, from the energy the demo's own meals hold.
    private func addBody(days: Int, today: LocalDate, timeZone: TimeZone, random: inout SplitMix64, summary: inout Summary) async throws {
        let first = today.adding(days: -(days - 1))
        let intakes = try await database.read { db in try DayQueries.totals(db, from: first, through: today, of: [.energyKcal]) }
        let expenditure = intakes.reduce(0) { $0 + ($1.totals[.energyKcal] ?? 0) } / Double(max(intakes.count, 1)) + Self.demoDeficitKcal
        var weight = 82.0
        var weighIns: [(LocalDateTime, Int, Double)] = [], waists: [(LocalDateTime, Int, Double)] = [],
            drinks: [(LocalDateTime, Int, Double)] = []
        var activities: [NewActivity] = [], steps: [MovementSample] = []
        func unit(_ random: inout SplitMix64) -> Double { Double(random.next() % 10_000) / 10_000 }
        for day in intakes {
            let morning = LocalDateTime(date: day.date, hour: 7, minute: 5 + Int(random.next() % 20))!
            if unit(&random) < 0.8 {
                let water = (unit(&random) + unit(&random) + unit(&random) - 1.5) * 0.9
                weighIns.append((morning, offset(morning, timeZone), ((weight + water) * 10).rounded() / 10))
            }
            if day.date.weekdayIndex == 0 {
                waists.append((morning, offset(morning, timeZone), ((88 + (weight - 82) * 0.8 + unit(&random) - 0.5) * 2).rounded() / 2))
            }
            for glass in 0..<(3 + Int(random.next() % 4)) {
                let time = LocalDateTime(date: day.date, hour: 8 + glass * 2 + Int(random.next() % 2), minute: Int(random.next() % 60))!
                drinks.append((time, offset(time, timeZone), [250.0, 330, 500][Int(random.next() % 3)]))
            }
            var burned = 0.0
            if [1, 3, 6].contains(day.date.weekdayIndex),
                let kind = ActivityKind.named(day.date.weekdayIndex == 6 ? "cycling_moderate" : "running_10kmh")
            {
                let evening = LocalDateTime(date: day.date, hour: 18, minute: Int(random.next() % 30))!
                let activity = NewActivity(
                    kind, minutes: Double([30, 40, 45][Int(random.next() % 3)]), kilograms: weight, startedAt: evening,
                    utcOffsetMinutes: offset(evening, timeZone))
                activities.append(activity)
                burned = activity.activeEnergyKcal
            }
            steps.append(.daySteps(5_000 + Int(random.next() % 7_000), on: day.date, source: "Phone"))
            weight += ((day.totals[.energyKcal] ?? 0) - expenditure - burned) / 7_700
        }
        let stamp = Date()
        try await database.write { [weighIns, waists, drinks, activities, steps] db in
            for (key, readings) in [(BodyMeasure.weightKey, weighIns), ("waist", waists)] {
                guard let measure = try BodyQueries.measure(db, key: key) else { continue }
                for reading in readings {
                    try AppDatabase.insertMeasurement(
                        db, measureID: measure.id, value: reading.2, at: reading.0, utcOffsetMinutes: reading.1, createdAt: stamp)
                }
            }
            for drink in drinks {
                try AppDatabase.insertWater(db, millilitres: drink.2, at: drink.0, utcOffsetMinutes: drink.1, createdAt: stamp)
            }
            for activity in activities { try AppDatabase.insertActivity(db, activity, createdAt: stamp) }
            for day in steps { try AppDatabase.storeSample(db, day, updatedAt: stamp) }
            var settings = try BodyQueries.settings(db)
            settings.waterGoalMillilitres = settings.waterGoalMillilitres ?? 2_000
            try AppDatabase.storeBodySettings(db, settings)
        }
        summary.weighIns = weighIns.count
        summary.drinks = drinks.count
        summary.activities = activities.count
    }

    /// The top catalog result for every query the slots use; queries the catalog cannot answer are skipped.
    private func catalogFoods() async throws -> [String: (FoodSnapshot, [Portion])] {
        let queries = Set(Self.slots.flatMap(\.queries))
        return try await catalog.read { db in
            var found: [String: (FoodSnapshot, [Portion])] = [:]
            for query in queries {
                guard let summary = try FoodSearch.search(db, query: query, limit: 1).foods.first,
                    let details = try FoodDetails.fetch(db, id: summary.id)
                else { continue }
                found[query] = (FoodSnapshot(catalogFood: details), Portion.catalogPortions(details))
            }
            return found
        }
    }

    private func addFoods(to mealID: Int64, slot: Slot, foods: [String: (FoodSnapshot, [Portion])], random: inout SplitMix64, now: Date)
        async throws -> Int
    {
        var added = 0
        let count = slot.name == "Snack" ? 1 : 2 + Int(random.next() % 2)
        var queries = slot.queries
        for _ in 0..<count where !queries.isEmpty {
            let query = queries.remove(at: Int(random.next() % UInt64(queries.count)))
            guard let (food, portions) = foods[query] else { continue }
            let amount: ChosenAmount
            if let portion = portions.first, portion.grams <= 400, random.next() % 3 != 0 {
                amount = ChosenAmount(grams: portion.grams, label: "\(portion.label) (\(formatQuantity(portion.grams)) g)")
            } else {
                let grams: Double = [50, 125, 250][Int(random.next() % 3)]
                amount = ChosenAmount(grams: grams, label: "\(Int(grams)) g")
            }
            if try await database.addEntry(mealID: mealID, food: food, amount: amount, now: now) != nil { added += 1 }
        }
        if random.next() % 4 == 0 {
            let typed = Self.typedFoods[Int(random.next() % UInt64(Self.typedFoods.count))]
            let food = FoodSnapshot(
                dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil, description: typed.0, brandOwner: typed.1,
                basisGrams: typed.2, basis: NutrientValues(typed.3))
            if try await database.addEntry(
                mealID: mealID, food: food, amount: ChosenAmount(grams: typed.2, label: "1 serving (\(formatQuantity(typed.2)) g)"),
                now: now) != nil
            {
                added += 1
            }
        }
        return added
    }

    private static func note(slot: Slot, random: inout SplitMix64) -> String {
        let notes = [
            "Breakfast": ["Quick one before work", "Slow breakfast, sunny kitchen", "Porridge weather", ""],
            "Lunch": ["Desk lunch", "Ate in the park", "Canteen was busy", ""],
            "Snack": ["Afternoon slump", "", "Before the gym"],
            "Dinner": ["Cooked with Sam", "Leftovers, still good", "Tried a new recipe", "Early dinner", ""]
        ]
        let options = notes[slot.name] ?? [""]
        return options[Int(random.next() % UInt64(options.count))]
    }

    /// A small generated JPEG carrying the meal's time in EXIF, checked by the real pipeline.
    private func samplePhoto(eatenAt: LocalDateTime, random: inout SplitMix64, width: Int = 800, height: Int = 600) async throws
        -> IngestedPhoto?
    {
        try FileManager.default.createDirectory(atPath: photos.temporaryDirectory, withIntermediateDirectories: true)
        let path = photos.temporaryDirectory + "/demo-\(UUID().uuidString).jpg"
        defer { unlink(path) }
        let taken = eatenAt.description.replacingOccurrences(of: "-", with: ":").replacingOccurrences(of: "T", with: " ") + ":00"
        // Large ones are smooth like a phone's photo of a plate (about 3 MB); small ones vary.
        let smoothness = width > 800 ? 6 : 24 + Int(random.next() % 40)
        try ImageLibrary.writeSampleJPEG(to: path, width: width, height: height, quality: 85, smoothness: smoothness, taken: taken)
        // Staged for the caller's commit to move into the store.
        return try await photos.ingest(fetched: try Data(contentsOf: URL(fileURLWithPath: path)), name: "demo.jpg")
    }
}
