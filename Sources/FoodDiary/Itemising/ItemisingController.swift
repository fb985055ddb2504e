import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird
import FoodDiaryPhotos

/// Snap now, itemise later: photos that become meals, the meals still waiting for their foods,
/// and the quick ways to fill one in (a past meal like it, a usual food).
struct ItemisingController: Sendable {
    let geonames: GeoNamesDatabase
    let maxUploadBytes: Int
    let renderer: PageRenderer
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    static var notices: [String: String] { ["snapped": tr("Photos saved as meals. Add their foods whenever suits you.")] }

    func addRoutes(to routes: Routes) {
        routes.get("/meals/snap", use: snapForm)
        routes.post("/meals/snap", use: snap)
        routes.get("/meals/to-itemise", use: toItemise)
        routes.post("/meals/:id/like/:source", use: copyLikeMeal)
        routes.post("/meals/:id/foods/usual", use: addUsualFood)
    }

    @Sendable func snapForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        await renderer.render(.snap, SnapView(csrfToken: context.csrfToken, maxUploadBytes: maxUploadBytes), for: context)
    }

    /// One meal per photo sent. The page's script sends one photo per request, asking for JSON, so
    /// each has its own progress and can be retried alone; without it, the form sends them all.
    @Sendable func snap(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        let photos = context.uploads.filter { $0.fieldName == "photo" }
        let form: SnapForm
        do {
            form = try SnapForm(fields: context.formFields, timeZone: timeZone, now: now())
        } catch {
            return try await refusal(error.message, status: .unprocessableContent, json: wantsJSON, context: context)
        }
        guard !photos.isEmpty else {
            return try await refusal(
                tr("Choose or take at least one photo."), status: .unprocessableContent, json: wantsJSON, context: context)
        }
        var outcomes: [SnapOutcome] = []
        for upload in photos {
            outcomes.append(try await snapOne(upload, form: form, diary: diary))
        }
        let saved = outcomes.compactMap(\.meal)
        let status: HTTPResponse.Status =
            saved.contains(where: \.isNew)
            ? .created
            : saved.isEmpty ? outcomes.compactMap(\.rejection).first?.status ?? .unprocessableContent : .ok
        if wantsJSON {
            // The page's "Today" strip was drawn before these photos: it gets today's count again.
            let today = LocalDateTime(now(), in: timeZone).date
            let notItemised = try await diary.database.read { db in
                try DayQueries.totals(db, from: today, through: today, of: []).first?.notItemisedCount ?? 0
            }
            return try jsonResponse(SnapJSON(outcomes, todayNotItemised: DayView.notItemisedText(notItemised)), status: status)
        }
        if outcomes.allSatisfy({ $0.meal != nil }) { return redirect(to: "/meals/to-itemise?notice=snapped") }
        let view = SnapView(csrfToken: context.csrfToken, maxUploadBytes: maxUploadBytes, outcomes: outcomes.map(\.view))
        return await renderer.render(.snap, view, for: context, status: saved.isEmpty ? status : .ok)
    }

    struct SnapOutcome: Sendable {
        let fileName: String
        let meal: SnappedMealJSON?
        let rejection: PhotoRejection?

        var view: SnapView.Outcome {
            if let meal {
                SnapView.Outcome(
                    fileName: fileName,
                    message: meal.isNew
                        ? tr("Saved as the meal at \(meal.time), \(meal.day).")
                        : tr("Already in your diary as the meal at \(meal.time), \(meal.day)."), url: meal.url, isError: false)
            } else {
                SnapView.Outcome(fileName: fileName, message: rejection?.message ?? "", url: nil, isError: true)
            }
        }
    }

    private func snapOne(_ upload: UploadedFile, form: SnapForm, diary: Diary) async throws -> SnapOutcome {
        let fileName = String(upload.clientFilename.prefix(120))
        // A retry of a photo already kept costs no decoding: the hash was taken as it streamed in.
        if let existing = try await diary.database.read({ db in try ItemisingQueries.mealShowing(db, sha256: upload.sha256) }) {
            return SnapOutcome(fileName: fileName, meal: SnappedMealJSON(existing, isNew: false), rejection: nil)
        }
        let photo: IngestedPhoto
        do {
            photo = try await diary.photos.ingest(upload)
        } catch let rejection as PhotoRejection {
            return SnapOutcome(fileName: fileName, meal: nil, rejection: rejection)
        }
        let input = form.input(for: photo.exif, timeZone: timeZone, now: now())
        var name: String?
        if case .point(let point, _) = input.location { name = try await geonames.nearest(to: point)?.label }
        let geocodedName = name
        let snapped = try await diary.photos.committing(
            photo,
            creating: {
                let barcodes = await Self.barcodes(onTheLargeCopyOf: photo, in: diary.photos)
                return try await diary.database.snapMeal(input, photo: photo, barcodes: barcodes, geocodedName: geocodedName, now: now())
            })
        guard let meal = try await diary.database.read({ db in try MealQueries.meal(db, id: snapped.id) }) else {
            throw Meal.Missing(id: snapped.id)
        }
        return SnapOutcome(fileName: fileName, meal: SnappedMealJSON(meal, isNew: snapped.isNew), rejection: nil)
    }

    /// A package on the table is proposed when the meal is itemised. The large copy made for the
    /// meal's page is scanned, upright and already at the first size the reader scans, rather than
    /// decoding the original a second time; a meal photo rarely holds a code (docs/BENCHMARKS.md).
    private static func barcodes(onTheLargeCopyOf photo: IngestedPhoto, in store: PhotoStore) async -> [String] {
        let large = store.path(sha256: photo.sha256, size: .large, mediaType: photo.mediaType)
        return (try? await ImageWorkLimiter.shared.run { try BarcodeReader.codes(in: large, size: BarcodeReader.scanSizes[0]) }) ?? []
    }

    private func refusal(_ message: String, status: HTTPResponse.Status, json: Bool, context: AppRequestContext) async throws -> Response {
        if json { return try jsonResponse(SnapJSON(error: message), status: status) }
        return await renderer.render(
            .snap, SnapView(csrfToken: context.csrfToken, maxUploadBytes: maxUploadBytes, error: message), for: context, status: status)
    }

    @Sendable func toItemise(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let page = try request.pageNumber()
        guard let result = try await diary.database.read({ db in try MealQueries.listPage(db, page: page, of: .toItemise) }) else {
            throw HTTPError(.notFound, message: tr("There is no page \(page) of meals to itemise. The list starts at page 1."))
        }
        let notice = try request.formQuery()["notice"].flatMap { Self.notices[$0] }
        return await renderer.render(.toItemise, ToItemiseListView(page: result, notice: notice), for: context)
    }

    /// Copies the foods of a past meal into this one; each amount can be changed after.
    @Sendable func copyLikeMeal(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let id = try mealIDParameter(context)
        guard let source = context.parameters.get("source").flatMap({ Int64($0) }), source > 0, source != id else {
            throw HTTPError(.notFound, message: tr("There is no such meal to copy. Pick one of the meals offered."))
        }
        guard let copied = try await diary.database.copyFoods(from: source, to: id, now: now()) else {
            throw HTTPError(.notFound, message: tr("That meal is gone, so there was nothing to copy."))
        }
        return redirect(to: "/meals/\(id)?notice=\(copied == 1 ? "like_copied_one" : "like_copied")#foods")
    }

    @Sendable func addUsualFood(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let id = try mealIDParameter(context)
        guard let entry = context.formFields["entry"].flatMap({ Int64($0) }), entry > 0 else {
            throw HTTPError(.badRequest, message: tr("The form did not say which food to add. Pick one of the suggestions."))
        }
        guard try await diary.database.addUsualFood(entryID: entry, to: id, now: now()) != nil else {
            throw HTTPError(.notFound, message: tr("That meal or that food is gone, so nothing was added."))
        }
        return redirect(to: "/meals/\(id)?notice=food_added#foods")
    }
}

/// What a snap answers a script: each photo's meal, or why it was refused.
struct SnappedMealJSON: Encodable, Sendable {
    let id: Int64
    let url: String
    let isNew: Bool
    let eatenAt: String
    let time: String
    let day: String
    let place: String?
    let thumbnailURL: String?

    init(_ meal: Meal, isNew: Bool) {
        id = meal.id
        url = "/meals/\(meal.id)"
        self.isNew = isNew
        eatenAt = meal.eatenAtISO8601
        time = meal.eatenAt.clockText
        day = meal.eatenAt.date.shortText
        place = meal.place?.name
        thumbnailURL = meal.photo?.url(.thumb)
    }
}

struct SnapJSON: Encodable, Sendable {
    struct Refused: Encodable, Sendable {
        let file: String
        let error: String
    }

    let meals: [SnappedMealJSON]
    let refused: [Refused]
    let error: String?
    /// "+ 2 meals not itemised" for today after this upload, nil for none: the strip's text.
    let todayNotItemised: String?

    init(_ outcomes: [ItemisingController.SnapOutcome], todayNotItemised: String? = nil) {
        self.todayNotItemised = todayNotItemised
        meals = outcomes.compactMap(\.meal)
        refused = outcomes.compactMap { outcome in outcome.rejection.map { Refused(file: outcome.fileName, error: $0.message) } }
        error = refused.count == outcomes.count ? refused.first?.error : nil
    }

    init(error: String) {
        meals = []
        refused = []
        self.error = error
        todayNotItemised = nil
    }
}
