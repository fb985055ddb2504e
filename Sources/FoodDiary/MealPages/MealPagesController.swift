import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import Hummingbird
import FoodDiaryPhotos

/// The HTML pages for listing, reading, adding, editing and deleting meals.
struct MealPagesController: Sendable {
    let geonames: GeoNamesDatabase
    let maxUploadBytes: Int
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date
    /// The owner's model, if any: a meal with a photo to itemise offers its suggestions.
    var model: ModelEndpoint? = nil

    /// Fixed messages chosen by a query flag, so no text from the URL is ever echoed.
    static var notices: [String: String] {
        [
            "deleted": tr("Meal deleted."), "saved": tr("Meal saved."), "created": tr("Meal added."), "food_added": tr("Food added."),
            "food_removed": tr("Food removed."),
            "photo_saved": tr("Photo saved."), "photo_removed": tr("Photo removed."), "starred": tr("Added to favourites."),
            "unstarred": tr("Removed from favourites."), "diary_created": tr("New diary created and opened."),
            "diary_opened": tr("Diary opened."),
            "logged_again": tr("Logged again, with the same foods."),
            "shared": tr("Logged for the others too. The foods here are now your share."),
            "shared_same": tr("Logged for the others too, the same as yours. Your meal is as it was."),
            "shared_already": tr("That share was logged already; nothing was repeated."),
            "like_copied": tr("Foods copied. Change any amount that was different this time."),
            "like_copied_one": tr("Food copied. Change its amount if it was different this time."),
            "estimated": tr("Estimate added. It counts in your totals until you replace it with the foods.")
        ]
    }

    func addRoutes(to routes: Routes) {
        routes.get("/", use: list)
        routes.get("/meals") { _, _ in redirect(to: "/") }
        routes.post("/meals", use: create)
        routes.get("/meals/new", use: newForm)
        routes.get("/meals/:id", use: detail)
        routes.get("/meals/:id/edit", use: editForm)
        routes.post("/meals/:id/edit", use: update)
        routes.get("/meals/:id/delete", use: confirmDelete)
        routes.post("/meals/:id/delete", use: delete)
        routes.post("/meals/:id/photo", use: setPhoto)
        routes.post("/meals/:id/photo/delete", use: removePhoto)
        routes.post("/meals/:id/estimate", use: estimate)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let page = try request.pageNumber()
        // The first page also shows the meals still waiting for their foods, wherever they fall.
        guard
            let result = try await diary.kept(
                KeptMealList.self, for: page,
                read: { db in
                    try MealQueries.listPage(db, page: page).map {
                        MealListData(page: $0, waiting: page == 1 ? try ItemisingQueries.waiting(db, limit: ToItemiseView.shown) : nil)
                    }
                })
        else {
            throw HTTPError(.notFound, message: tr("There is no page \(page) of meals. The list starts at page 1."))
        }
        return await renderer.render(.mealList, MealListView(data: result, notice: try notice(request)), for: context)
    }

    @Sendable func detail(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = try request.formQuery()
        return try await detailPage(
            mealID: try mealID(context), notice: try notice(request), back: query["back"],
            changed: query["changed"].flatMap { Int64($0) }, context: context)
    }

    private func detailPage(
        mealID id: Int64, notice: String?, photoError: String? = nil, estimate: (typed: String, error: String)? = nil,
        back: String? = nil, changed: Int64? = nil, status: HTTPResponse.Status = .ok, context: AppRequestContext
    ) async throws -> Response {
        let diary = try context.diary()
        guard let page = try await diary.database.read({ db in try MealQueries.page(db, id: id) }) else { throw Meal.Missing(id: id) }
        var itemise = page.likes.map {
            ItemiseHelpView(
                mealID: id, likeness: $0.likeness, likes: $0.meals, estimate: estimate?.typed ?? "", estimateError: estimate?.error,
                csrfToken: context.csrfToken)
        }
        if itemise != nil, let photo = page.foods.meal.photo {
            itemise?.proposeBarcodes(
                try await diary.database.read { db in try ItemisingQueries.barcodes(db, photo: photo.sha256) }, mealID: id)
        }
        if let model, itemise != nil, page.foods.meal.photo != nil, try await diary.database.modelHelpChosen() {
            itemise?.offerSuggestions(mealID: id, model: model.model)
        }
        return await renderer.render(
            .mealDetail,
            MealDetailView(
                foods: page.foods, shares: page.shares, itemise: itemise, timeZone: timeZone, notice: notice,
                photoError: photoError, csrfToken: context.csrfToken, back: back, changed: changed),
            for: context, status: status)
    }

    /// A rough energy for a meal nobody will itemise just now, kept as a quick add to refine later.
    @Sendable func estimate(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let id = try mealID(context)
        _ = try await existingMeal(diary.database, context)
        let typed = String((context.formFields["kcal"] ?? "").prefix(40))
        switch QuickAddForm(name: Self.estimateName, values: [.energyKcal: typed]).validate() {
        case .failure(let errors):
            let message = errors.values[.energyKcal] ?? tr("Type about how much energy, like \(kcalText(600)).")
            return try await detailPage(
                mealID: id, notice: nil, estimate: (typed, message), status: .unprocessableContent, context: context)
        case .success(let food):
            guard try await diary.database.addEntry(mealID: id, food: food, amount: nil, now: now()) != nil else {
                throw Meal.Missing(id: id)
            }
            return redirect(to: "/meals/\(id)?notice=estimated#foods")
        }
    }

    static var estimateName: String { tr("Quick estimate") }

    /// Adds or replaces the meal's photo. A refused file leaves the meal as it was.
    @Sendable func setPhoto(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let id = try mealID(context)
        _ = try await existingMeal(diary.database, context)
        let photo: IngestedPhoto
        switch try await diary.photos.photoField(of: context.uploads) {
        case .failure(let rejection):
            return try await detailPage(mealID: id, notice: nil, photoError: rejection.message, status: rejection.status, context: context)
        case .success(nil):
            return try await detailPage(
                mealID: id, notice: nil, photoError: tr("Choose a photo first."), status: .unprocessableContent, context: context)
        case .success(let checked?): photo = checked
        }
        guard
            let change = try await diary.photos.committing(
                photo, { try await diary.database.setMealPhoto(mealID: id, photo: photo, now: now()) })
        else {
            throw Meal.Missing(id: id)
        }
        await diary.photos.release(change.orphaned)
        return redirect(to: "/meals/\(id)?notice=photo_saved")
    }

    @Sendable func removePhoto(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let id = try mealID(context)
        guard let change = try await diary.database.removeMealPhoto(mealID: id, now: now()) else { throw Meal.Missing(id: id) }
        await diary.photos.release(change.orphaned)
        return redirect(to: "/meals/\(id)?notice=photo_removed")
    }

    /// `?day=2026-03-08` (from a day's page) opens the form on that day at the time of day it is now.
    @Sendable func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        var eatenAt = LocalDateTime(now(), in: timeZone)
        var day: LocalDate?
        if let text = try request.formQuery()["day"] {
            guard let date = LocalDate(parsing: text) else {
                throw HTTPError(
                    .badRequest, message: tr("“\(text.prefix(40))” is not a day. Open the day from its page, or give it as 2026-03-08."))
            }
            eatenAt = LocalDateTime(date: date, hour: eatenAt.hour, minute: eatenAt.minute) ?? eatenAt
            day = date
        }
        let form = MealForm(eatenAt: eatenAt.description, utcOffset: String(eatenAt.utcOffsetMinutes(in: timeZone)))
        return try await formPage(mealID: nil, form, day: day, context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let form = MealForm(fields: context.formFields)
        guard case .success(var input) = form.validate(defaultTimeZone: timeZone) else {
            return try await formPage(mealID: nil, form, status: .unprocessableContent, context: context)
        }
        let photo: IngestedPhoto?
        switch try await diary.photos.photoField(of: context.uploads) {
        case .failure(let rejection):
            return try await formPage(mealID: nil, form, photoError: rejection.message, status: rejection.status, context: context)
        case .success(let checked): photo = checked
        }
        if form.usePhotoTime, let exif = photo?.exif {
            var location = input.location
            if location == .none, let latitude = exif.latitude, let longitude = exif.longitude,
                let point = Coordinates(latitude: latitude, longitude: longitude)
            {
                location = .point(point, source: .photo)
            }
            input = MealInput(
                eatenAt: exif.taken ?? input.eatenAt,
                utcOffsetMinutes: exif.taken == nil ? input.utcOffsetMinutes : exif.utcOffsetMinutes ?? input.utcOffsetMinutes,
                notes: input.notes, location: location, tags: input.tags)
        }
        // "Next: add foods" saves the meal like Save does, then goes straight to adding its foods.
        let thenAddFoods = context.formFields["then"] == "foods"
        let id: Int64
        do {
            let name = try await geocodedName(input.location), meal = input
            id = try await diary.photos.committing(
                photo, creating: { try await diary.database.createMeal(meal, photo: photo, geocodedName: name, now: now()) })
        } catch is AppDatabase.PlaceGone {
            return try await formPage(mealID: nil, form, placeError: Self.placeGone, status: .conflict, context: context)
        }
        return redirect(to: thenAddFoods ? "/meals/\(id)/foods/new?notice=created" : "/meals/\(id)?notice=created")
    }

    static var placeGone: String { tr("That place no longer exists. Pick another, or give coordinates.") }

    /// The name GeoNames gives a new point, so a place founded there is called something.
    private func geocodedName(_ location: LocationChoice) async throws -> String? {
        guard case .point(let point, _) = location else { return nil }
        return try await geonames.nearest(to: point)?.label
    }

    /// The meal form, fresh or again with what was typed and what is wrong. A chosen file cannot be
    /// put back into a file input, so a message asks for it again.
    private func formPage(
        mealID: Int64?, _ form: MealForm, photoError: String? = nil, placeError: String? = nil,
        status: HTTPResponse.Status = .ok, day: LocalDate? = nil, context: AppRequestContext
    ) async throws -> Response {
        let diary = try context.diary()
        var errors = MealForm.Errors()
        if status != .ok, case .failure(let fieldErrors) = form.validate(defaultTimeZone: timeZone) { errors = fieldErrors }
        if let placeError { errors.place = placeError }
        let photoMessage =
            photoError ?? (context.uploads.isEmpty ? nil : tr("Please choose the photo again: browsers forget it when a form comes back."))
        let places = try await diary.database.read { db in try PlaceQueries.recentPlaces(db) }
        return await renderer.render(
            .mealForm,
            MealFormView(
                mealID: mealID, form: form, errors: errors, photoError: photoMessage, places: places,
                csrfToken: context.csrfToken, maxUploadBytes: maxUploadBytes, day: day), for: context, status: status)
    }

    @Sendable func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let meal = try await existingMeal(diary.database, context)
        return try await formPage(mealID: meal.id, MealForm(meal: meal), context: context)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let id = try mealID(context)
        _ = try await existingMeal(diary.database, context)
        let form = MealForm(fields: context.formFields)
        guard case .success(let input) = form.validate(defaultTimeZone: timeZone) else {
            return try await formPage(mealID: id, form, status: .unprocessableContent, context: context)
        }
        do {
            guard try await diary.database.updateMeal(id: id, with: input, geocodedName: try await geocodedName(input.location), now: now())
            else {
                throw Meal.Missing(id: id)
            }
        } catch is AppDatabase.PlaceGone {
            return try await formPage(mealID: id, form, placeError: Self.placeGone, status: .conflict, context: context)
        }
        return redirect(to: "/meals/\(id)?notice=saved")
    }

    @Sendable func confirmDelete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let meal = try await existingMeal(diary.database, context)
        return await renderer.render(.mealDelete, MealDeleteView(meal: meal, csrfToken: context.csrfToken), for: context)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let id = try mealID(context)
        guard let change = try await diary.database.deleteMeal(id: id) else { throw Meal.Missing(id: id) }
        await diary.photos.release(change.orphaned)
        return redirect(to: "/?notice=deleted")
    }

    private func notice(_ request: Request) throws -> String? {
        try request.formQuery()["notice"].flatMap { Self.notices[$0] ?? ModelNotices.meal[$0] }
    }

    private func mealID(_ context: AppRequestContext) throws -> Int64 { try mealIDParameter(context) }
}

/// The list page read last: page 1 is opened far more often than it changes.
enum KeptMealList: DiaryReadKind {
    typealias Key = Int
    typealias Value = MealListData?
}

/// What the list page reads in one go: its meals, and on the first page those still to itemise.
struct MealListData: Sendable {
    let page: MealQueries.ListPage
    let waiting: ItemisingQueries.Waiting?
}
