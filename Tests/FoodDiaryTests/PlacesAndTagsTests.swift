import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary
import FoodDiaryStorage
import FoodDiaryWeb

@Suite struct PlacesAndTagsTests {
    static func meal(
        _ time: String, offset: Int = 0, latitude: String = "", longitude: String = "", place: String = "",
        tags: String = "", notes: String = "", source: String = "typed"
    ) -> [(String, String)] {
        [
            ("eaten_at", time), ("utc_offset", String(offset)), ("notes", notes), ("latitude", latitude), ("longitude", longitude),
            ("place", place), ("tags", tags), ("location_source", source)
        ]
    }

    struct MealBody: Decodable {
        let latitude: Double?
        let longitude: Double?
        let locationSource: String?
        let placeName: String?
        let tags: [String]
    }

    struct Places: Decodable {
        struct Place: Decodable {
            let id: Int64; let name: String; let latitude: Double; let longitude: Double; let firstVisitedAt: String?; let mealCount: Int
        }
        let places: [Place]
    }

    struct Tags: Decodable {
        struct Tag: Decodable, Equatable { let name: String; let count: Int }
        let tags: [Tag]
    }

    static func lastMealID(_ database: AppDatabase) async throws -> Int64 {
        try await database.read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM meal") ?? 0 }
    }

    static func places(_ client: any TestClientProtocol) async throws -> [Places.Place] {
        try JSONDecoder().decode(Places.self, from: Data(try await client.get("/api/places").text.utf8)).places
    }

    @Test func nearbyMealsJoinAPlaceAndFarOnesStartANewOne() async throws {
        try await TestEnvironment.withConfiguredApp(withGeoNamesFixture: true) { client, database, _ in
            // Toronto's Union Station, then 50 m north of it, then 500 m north.
            #expect(
                try await client.postForm("/meals", Self.meal("2026-03-09T08:00", latitude: "43.64520", longitude: "-79.38060")).status
                    == .seeOther)
            try await client.postForm("/meals", Self.meal("2026-03-09T12:00", latitude: "43.64565", longitude: "-79.38060"))
            try await client.postForm("/meals", Self.meal("2026-03-09T19:00", latitude: "43.64970", longitude: "-79.38060"))
            let places = try await Self.places(client)
            #expect(places.map(\.mealCount) == [2, 1])
            #expect(places.map(\.name) == ["Toronto, Ontario, CA", "Toronto, Ontario, CA"], "named by GeoNames")
            #expect(places[0].latitude == 43.6452, "a place keeps where it was first seen")

            let json = try JSONDecoder().decode(MealBody.self, from: Data(try await client.get("/api/meals/2").text.utf8))
            #expect(json.latitude == 43.64565 && json.longitude == -79.3806, "the meal keeps its own point")
            #expect(json.placeName == "Toronto, Ontario, CA" && json.locationSource == "typed")
        }
    }

    @Test func placesAreListedFirstVisitedFirstAndCanBeRenamedAndPicked() async throws {
        try await TestEnvironment.withConfiguredApp(withGeoNamesFixture: true) { client, database, _ in
            // London at 09:00 UTC+1 (08:00 UTC) comes after Toronto at 03:30 UTC-5 (08:30 UTC)? No: 08:00 UTC is first.
            try await client.postForm("/meals", Self.meal("2026-03-09T03:30", offset: -300, latitude: "43.7", longitude: "-79.41"))
            try await client.postForm("/meals", Self.meal("2026-03-09T09:00", offset: 60, latitude: "51.5", longitude: "-0.12"))
            var places = try await Self.places(client)
            #expect(places.map(\.name) == ["London, England, GB", "Toronto, Ontario, CA"])
            #expect(places[0].firstVisitedAt == "2026-03-09T08:00:00Z" && places[1].firstVisitedAt == "2026-03-09T08:30:00Z")

            let london = places[0].id
            #expect(
                try await client.postForm("/places/\(london)", [("name", "  Mum's  flat ")]).headers[.location]
                    == "/places/\(london)?notice=renamed")
            let blank = try await client.postForm("/places/\(london)", [("name", "   ")])
            #expect(blank.status == .unprocessableContent && blank.text.contains("Give the place a name"))

            // Picked from the list: the meal takes the place's point.
            try await client.postForm("/meals", Self.meal("2026-03-10T13:00", place: String(london), tags: "lunch"))
            let picked = try JSONDecoder().decode(
                MealBody.self, from: Data(try await client.get("/api/meals/\(try await Self.lastMealID(database))").text.utf8))
            #expect(picked.placeName == "Mum's flat" && picked.locationSource == "place" && picked.latitude == 51.5)
            places = try await Self.places(client)
            #expect(places[0].mealCount == 2)
            let page = try await client.get("/places/\(london)").text
            #expect(page.contains("Mum&#39;s flat") || page.contains("Mum&apos;s flat") || page.contains("Mum&#x27;s flat"))
            #expect(page.contains("2 meals"))
            let form = try await client.get("/meals/new").text
            let mum = try #require(form.range(of: "Mum")), toronto = try #require(form.range(of: "Toronto, Ontario"))
            #expect(mum.lowerBound < toronto.lowerBound, "the picker lists the most recent place first")
            let gone = try await client.postForm("/meals", Self.meal("2026-03-10T13:00", place: "999"))
            #expect(gone.status == .conflict && gone.text.contains("That place no longer exists"))
        }
    }

    @Test func badLocationsAndTagsAreExplainedAndNothingIsSaved() async throws {
        try await TestEnvironment.withConfiguredApp(withGeoNamesFixture: true) { client, database, _ in
            let cases: [([(String, String)], String)] = [
                (Self.meal("2026-03-09T08:00", latitude: "91", longitude: "0"), "Latitude must be between -90 and 90 degrees."),
                (Self.meal("2026-03-09T08:00", latitude: "0", longitude: "-180.5"), "Longitude must be between -180 and 180 degrees."),
                (Self.meal("2026-03-09T08:00", latitude: "north", longitude: "0"), "Latitude must be decimal degrees"),
                (Self.meal("2026-03-09T08:00", latitude: "1e2", longitude: "0"), "Latitude must be decimal degrees"),
                (Self.meal("2026-03-09T08:00", latitude: "45.5", longitude: ""), "Longitude is missing."),
                (Self.meal("2026-03-09T08:00", place: "home"), "Pick a place from the list"),
                (Self.meal("2026-03-09T08:00", tags: "ok, " + String(repeating: "x", count: 500)), "is 500 characters long"),
                (Self.meal("2026-03-09T08:00", tags: (1...200).map { "t\($0)" }.joined(separator: ",")), "That is 200 tags")
            ]
            for (fields, message) in cases {
                let response = try await client.postForm("/meals", fields)
                #expect(response.status == .unprocessableContent, "\(message)")
                #expect(response.text.contains(message), "\(message)")
            }
            #expect(try await database.mealCount() == 0)
            let leftovers = try await database.read { db in
                (try Int.fetchOne(db, sql: "SELECT count(*) FROM place"), try Int.fetchOne(db, sql: "SELECT count(*) FROM tag"))
            }
            #expect(leftovers.0 == 0 && leftovers.1 == 0)
        }
    }

    @Test func tagsAreCountedCapitalisedAndColonTagsHidden() async throws {
        try await TestEnvironment.withConfiguredApp { client, database, _ in
            try await client.postForm("/meals", Self.meal("2026-03-09T08:00", tags: "breakfast, with Sam, source:import"))
            try await client.postForm("/meals", Self.meal("2026-03-10T08:00", tags: "Breakfast,  BREAKFAST , coffee"))
            try await client.postForm("/meals", Self.meal("2026-03-10T13:00", tags: "coffee\nlunch"))
            let tags = try JSONDecoder().decode(Tags.self, from: Data(try await client.get("/api/tags").text.utf8)).tags
            #expect(
                tags == [
                    .init(name: "breakfast", count: 2), .init(name: "coffee", count: 2), .init(name: "lunch", count: 1),
                    .init(name: "with Sam", count: 1)
                ])

            let page = try await client.get("/tags").text
            #expect(page.contains(">Breakfast<") && page.contains(">With Sam<") && !page.contains("import"))
            let searched = try await client.get("/tags?q=SAM").text
            #expect(searched.contains("With Sam") && !searched.contains("Coffee"))
            #expect(try await client.get("/tags?q=zzz").text.contains("No tag contains"))

            let json = try JSONDecoder().decode(MealBody.self, from: Data(try await client.get("/api/meals/2").text.utf8))
            #expect(json.tags == ["breakfast", "coffee"], "repeats dropped; a tag keeps the spelling it was first typed with")
            let breakfast = try #require(
                try await database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM tag WHERE name = 'breakfast'") })
            let tagPage = try await client.get("/tags/\(breakfast)").text
            #expect(tagPage.contains("2 meals"))

            // Editing the meal's tags away removes a tag nothing uses.
            try await client.postForm("/meals/3/edit", Self.meal("2026-03-10T13:00", tags: "coffee"))
            let after = try JSONDecoder().decode(Tags.self, from: Data(try await client.get("/api/tags").text.utf8)).tags
            #expect(!after.contains { $0.name == "lunch" })
            #expect(try await client.get("/tags/999").status == .notFound)
        }
    }

    @Test func aPhotosGPSLocatesANewMeal() async throws {
        let jpeg = try PhotoUploadTests.sampleJPEG(taken: "2026:03:08 12:15:00", latitude: 51.50135, longitude: -0.14189)
        try await TestEnvironment.withConfiguredApp(withGeoNamesFixture: true) { client, database, _ in
            let response = try await client.postMultipart(
                "/meals", fields: PhotoUploadTests.mealFields, files: [MultipartFile(filename: "a.jpg", data: jpeg)])
            #expect(response.status == .seeOther)
            let json = try JSONDecoder().decode(MealBody.self, from: Data(try await client.get("/api/meals/1").text.utf8))
            #expect(json.locationSource == "photo" && json.placeName == "London, England, GB")
            #expect(abs(json.latitude! - 51.50135) < 1e-5)
            let page = try await client.get("/meals/1").text
            #expect(page.contains("openstreetmap.org/export/embed.html") && page.contains("geo:51.50135,-0.14189"))
            #expect(page.contains("London, England, GB"))
        }
    }

    @Test func anEditCanMoveOrClearTheLocation() async throws {
        try await TestEnvironment.withConfiguredApp(withGeoNamesFixture: true) { client, database, _ in
            try await client.postForm("/meals", Self.meal("2026-03-09T08:00", latitude: "43.7", longitude: "-79.41"))
            let form = try await client.get("/meals/1/edit").text
            #expect(form.contains("value=\"43.7\"") && form.contains("value=\"-79.41\""))
            try await client.postForm("/meals/1/edit", Self.meal("2026-03-09T08:00"))
            let cleared = try JSONDecoder().decode(MealBody.self, from: Data(try await client.get("/api/meals/1").text.utf8))
            #expect(cleared.latitude == nil && cleared.placeName == nil && cleared.locationSource == nil)
            #expect(try await client.get("/meals/1").text.contains("No location."))
            let places = try await Self.places(client)
            #expect(
                places.count == 1 && places[0].mealCount == 0 && places[0].firstVisitedAt == nil, "a place outlives its meals, unvisited")
        }
    }

    @Test func farFromTownsAPlaceIsNamedByItsCoordinates() async throws {
        try await TestEnvironment.withConfiguredApp(withGeoNamesFixture: true) { client, _, _ in
            try await client.postForm("/meals", Self.meal("2026-03-09T08:00", latitude: "40", longitude: "-40", source: "device"))
            let places = try await Self.places(client)
            #expect(places.map(\.name) == ["40, -40"])
            let json = try JSONDecoder().decode(MealBody.self, from: Data(try await client.get("/api/meals/1").text.utf8))
            #expect(json.locationSource == "device")
        }
    }
}

/// A place or tag with years of meals shows them a page at a time, like the meal list.
@Suite struct PlaceAndTagPagingTests {
    @Test func placeAndTagPagesShowFiftyMealsAtATime() async throws {
        try await TestEnvironment.withApp { (client, database) async throws -> Void in
            #expect(
                try await client.postForm(
                    "/meals",
                    [
                        ("eaten_at", "2026-03-09T12:30"), ("location_source", "typed"), ("latitude", "51.5"),
                        ("longitude", "-0.12"), ("tags", "lunch")
                    ]
                ).status == .seeOther)
            let (place, tag) = try await database.write { db -> (Int64, Int64) in
                let place = try Int64.fetchOne(db, sql: "SELECT id FROM place")!, tag = try Int64.fetchOne(db, sql: "SELECT id FROM tag")!
                for day in 1...119 {
                    try db.execute(
                        sql: """
                            INSERT INTO meal (eaten_local, utc_offset_minutes, notes, created_at, updated_at, place_id, latitude,
                                longitude, location_source)
                            VALUES (?, 0, ?, '2026-03-09 12:00:00.000', '2026-03-09 12:00:00.000', ?, 51.5, -0.12, 'place')
                            """,
                        arguments: [String(format: "2025-%02d-%02dT12:00", 1 + (day - 1) / 28, 1 + (day - 1) % 28), "meal \(day)", place])
                    try db.execute(
                        sql: "INSERT INTO meal_tag (meal_id, tag_id, position) VALUES (?, ?, 0)", arguments: [db.lastInsertedRowID, tag])
                }
                return (place, tag)
            }
            for path in ["/places/\(place)", "/tags/\(tag)"] {
                let first = try await client.get(path).text
                #expect(first.contains("Page 1 of 3") && first.contains("\(path)?page=2"), "\(path)")
                #expect(first.components(separatedBy: "class=\"meal-row\"").count - 1 == 50, "\(path)")
                let last = try await client.get("\(path)?page=3").text
                #expect(last.components(separatedBy: "class=\"meal-row\"").count - 1 == 20, "\(path)")
                #expect(last.contains(">meal 1<"), "the oldest meal is on the last page: \(path)")
                #expect(try await client.get("\(path)?page=4").status == .notFound, "\(path)")
                #expect(try await client.get("\(path)?page=184467440737095518").status == .notFound, "\(path)")
                #expect(try await client.get("\(path)?page=0").status == .badRequest, "\(path)")
            }
            #expect(try await client.get("/tags/\(tag)").text.contains("120 meals"))
            // Each page is one read, without a request (issue 61).
            let placed = try #require(try await database.read { db in try PlaceQueries.placePage(db, id: place, page: 3) })
            #expect(placed.place.id == place && placed.meals.meals.count == 20)
            let tagged = try #require(try await database.read { db in try PlaceQueries.tagPage(db, id: tag, page: 1) })
            #expect(tagged.tag.name.lowercased() == "lunch" && tagged.meals.meals.count == 50)
            #expect(try await database.read { db in try PlaceQueries.placePage(db, id: place, page: 4) } == nil)
            #expect(try await database.read { db in try PlaceQueries.tagPage(db, id: tag + 1, page: 1) } == nil)
        }
    }
}
