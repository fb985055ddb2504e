import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// `/places` and `/tags`: where meals happened and how they are tagged, each opening its meals.
struct PlacePagesController: Sendable {
    let renderer: PageRenderer
    let timeZone: TimeZone

    static var notices: [String: String] { ["renamed": tr("Place renamed.")] }

    func addRoutes(to routes: Routes) {
        routes.get("/places", use: places)
        routes.get("/places/:id", use: place)
        routes.post("/places/:id", use: rename)
        routes.get("/tags", use: tags)
        routes.get("/tags/:id", use: tag)
    }

    @Sendable func places(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let places = try await diary.database.read { db in try PlaceQueries.places(db) }
        return await renderer.render(.placeList, PlaceListView(places: places, timeZone: timeZone, notice: nil), for: context)
    }

    @Sendable func place(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (place, meals) = try await requirePlace(request, context)
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return await renderer.render(
            .placeDetail, PlaceDetailView(place: place, meals: meals, csrfToken: context.csrfToken, notice: notice), for: context)
    }

    @Sendable func rename(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let (place, meals) = try await requirePlace(request, context)
        let typed = context.formFields["name"] ?? ""
        let name = TypedText.clean(typed)
        guard !name.isEmpty, TypedText.length(name) <= 200 else {
            let message = name.isEmpty ? tr("Give the place a name, like “Home” or “Office”.") : tr("Keep the name to 200 characters.")
            return await renderer.render(
                .placeDetail,
                PlaceDetailView(
                    place: place, meals: meals, csrfToken: context.csrfToken, notice: nil,
                    typedName: typed, nameError: message), for: context, status: .unprocessableContent)
        }
        guard try await diary.database.renamePlace(id: place.id, to: name) else { throw Self.placeNotFound }
        return redirect(to: "/places/\(place.id)?notice=renamed")
    }

    @Sendable func tags(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let search = try String((request.formQuery()["q"] ?? "").prefix(100))
        let tags = try await diary.database.read { db in try PlaceQueries.tags(db, matching: search) }
        return await renderer.render(.tagList, TagListView(tags: tags, search: search), for: context)
    }

    @Sendable func tag(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let page = try request.pageNumber()
        guard let id = context.parameters.get("id").flatMap(Int64.init),
            let (tag, meals) = try await diary.database.read({ db in try PlaceQueries.tagPage(db, id: id, page: page) })
        else {
            throw HTTPError(
                .notFound, message: tr("There is no such tag, or no such page of it. A tag goes when no meal uses it any more."))
        }
        return await renderer.render(.tagDetail, TagDetailView(tag: tag, meals: meals), for: context)
    }

    /// The place with one page of its meals, newest first.
    private func requirePlace(_ request: Request, _ context: AppRequestContext) async throws -> (
        place: PlaceQueries.PlaceRow, meals: MealQueries.ListPage
    ) {
        let diary = try context.diary()
        let page = try request.pageNumber()
        guard let id = context.parameters.get("id").flatMap(Int64.init),
            let found = try await diary.database.read({ db in try PlaceQueries.placePage(db, id: id, page: page) })
        else { throw Self.placeNotFound }
        return found
    }

    static var placeNotFound: HTTPError { HTTPError(.notFound, message: tr("There is no such place.")) }
}

/// JSON for places and tags, with the same rules as the pages.
struct PlacesAPIController: Sendable {

    func addRoutes(to routes: Routes) {
        routes.get("/api/places", use: places)
        routes.get("/api/tags", use: tags)
    }

    struct PlaceJSON: Encodable {
        let id: Int64
        let name: String
        let latitude: Double
        let longitude: Double
        let firstVisitedAt: String?
        let mealCount: Int
    }

    struct TagJSON: Encodable {
        let name: String
        let count: Int
    }

    @Sendable func places(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let places = try await diary.database.read { db in try PlaceQueries.places(db) }
        return try jsonResponse([
            "places": places.map {
                PlaceJSON(
                    id: $0.id, name: $0.name, latitude: $0.coordinates.latitude, longitude: $0.coordinates.longitude,
                    firstVisitedAt: $0.firstVisitedAt?.formatted(.iso8601), mealCount: $0.mealCount)
            }
        ])
    }

    @Sendable func tags(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let tags = try await diary.database.read { db in try PlaceQueries.tags(db) }
        return try jsonResponse(["tags": tags.map { TagJSON(name: $0.name, count: $0.mealCount) }])
    }
}
