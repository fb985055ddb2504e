import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryPhotos
import FoodDiaryWeb
import Foundation
import Hummingbird

/// A barcode from any phone's camera: the photo (or the digits a browser's scanner read) sent from
/// ＋, an add-food or an add-ingredient page, read here by ZBar, so a phone on plain HTTP scans as
/// well as one with a live camera. ＋ shows the product at once, its label's serving one tap
/// away; the add-food pages go on as if the digits had been typed.
struct BarcodePhotoController: Sendable {
    let products: BarcodeProducts
    let targets: MealTargets
    /// `FOODDIARY_FDC_API_KEY`, used where a diary has no key of its own.
    let serverKey: String?
    let renderer: PageRenderer
    /// A photo is decoded and scanned up to three times: one at a time per person, the rest of
    /// the house still served (docs/BENCHMARKS.md).
    let reading = KeyedInFlightLimit<Int64>(perKey: 1, overall: 2 * ProcessInfo.processInfo.activeProcessorCount)

    func addRoutes(to routes: Routes) {
        routes.post("/log/barcode", use: log)
        routes.post("/meals/:id/foods/barcode", use: meal)
        routes.post("/recipes/:recipe/ingredients/barcode", use: recipe)
    }

    /// Where a code read from a page's form goes on to.
    private struct Place {
        let action: String
        let fields: [(key: String, value: String)]
        let backURL: String
        let backLabel: String
    }

    @Sendable func log(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try context.diary()
        let target = try await targets.target(context.formFields, diary: diary)
        let place = Place(
            action: "/log/barcode", fields: target.fields, backURL: "/log" + queryString(target.linkFields), backLabel: tr("Back to ＋"))
        let codes: [String]
        switch try await read(context) {
        case .success(let read): codes = read
        case .failure(let problem): return await problemPage(problem, place: place, context: context)
        }
        let key = try await FoodDataCentralKey.current(in: diary.database, server: serverKey)
        var found: [String] = [], unanswered: (OnlineProblem, String)?
        for code in codes.prefix(Barcode.mostAtOnce) {
            switch try await products.find(code, diary: diary.database, key: key) {
            case .kept: found.append(code)
            case .unknown: break
            case .unanswered(let problem, let source): unanswered = unanswered ?? (problem, source)
            }
        }
        guard found.isEmpty else {
            return redirect(to: "/log" + queryString(target.fields + [(key: "barcode", value: found.joined(separator: ","))]))
        }
        let shown = codes.prefix(Barcode.mostAtOnce).joined(separator: ", ")
        if let (problem, source) = unanswered {
            return await problemPage(
                Problem(
                    tr(
                        "Barcode \(shown) was read, but \(source) did not answer (\(problem.status.code)). Try again in a while, or search for the food by its name."
                    ),
                    status: problem.status, barcode: codes[0]), place: place, context: context)
        }
        return await problemPage(
            Problem(
                tr(
                    "Neither FoodData Central nor Open Food Facts knows barcode \(shown). Search for the food by its name, or type it from its label."
                ),
                status: .notFound, barcode: codes[0]), place: place, context: context)
    }

    @Sendable func meal(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meal = try await existingMeal(try context.diary().database, context)
        return try await addFoodPage(base: "/meals/\(meal.id)/foods", backLabel: tr("Back to adding foods"), context: context)
    }

    @Sendable func recipe(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("recipe").flatMap(Int64.init), id > 0,
            let recipe = try await context.diary().database.read({ db in try Recipe.fetch(db, id: id) })
        else { throw Recipe.Missing() }
        return try await addFoodPage(
            base: "/recipes/\(id)/ingredients", backLabel: tr("Back to the recipe: \(recipe.name)"), context: context)
    }

    /// The add-food page, asked for the first code as if it had been typed; any others are offered there.
    private func addFoodPage(base: String, backLabel: String, context: AppRequestContext) async throws -> Response {
        let place = Place(action: base + "/barcode", fields: [], backURL: base + "/new", backLabel: backLabel)
        switch try await read(context) {
        case .success(let codes):
            let others = codes.dropFirst().prefix(Barcode.mostAtOnce - 1)
            // The page opens at the code's answer, below the search a phone's screen would fill.
            return redirect(
                to: base + "/new"
                    + queryString(
                        [(key: "barcode", value: codes[0])] + (others.isEmpty ? [] : [(key: "also", value: others.joined(separator: ","))]))
                    + "#barcode-box")
        case .failure(let problem):
            return await problemPage(problem, place: place, context: context)
        }
    }

    /// The digits typed or read by the browser, else the photo's codes; or why there are none.
    private func read(_ context: AppRequestContext) async throws -> Result<[String], Problem> {
        if let typed = context.formFields["barcode"], !typed.isEmpty {
            guard let digits = Barcode.digits(typed) else { return .failure(Problem(Barcode.problem, barcode: String(typed.prefix(20)))) }
            return .success([digits])
        }
        guard let upload = context.uploads.first(where: { $0.fieldName == "photo" }) else {
            return .failure(Problem(tr("Take a photo of the barcode, or type its digits.")))
        }
        let outcome: BarcodePhotoReading.Outcome
        do {
            let admission = try context.diary().photos.admission
            outcome = try await reading.run(for: try context.person().account.id) {
                try await BarcodePhotoReading.read(upload, admission: admission)
            }
        } catch let busy as Overloaded {
            return .failure(
                Problem(
                    tr("Your last barcode photo is still being read. Send this one again in a moment."), status: .serviceUnavailable,
                    retryAfterSeconds: busy.retryAfterSeconds))
        }
        switch outcome {
        case .codes(let codes): return .success(codes)
        case .noCode: return .failure(Problem(Self.noCode))
        case .refused(let rejection): return .failure(Problem(rejection.message, status: rejection.status))
        }
    }

    static var noCode: String { tr("No barcode found in that photo: fill the frame with the stripes and try again.") }

    /// Why a form's barcode led nowhere, and the digits to show again.
    private struct Problem: Error {
        let message: String
        let status: HTTPResponse.Status
        let barcode: String
        let retryAfterSeconds: Int?

        init(_ message: String, status: HTTPResponse.Status = .unprocessableContent, barcode: String = "", retryAfterSeconds: Int? = nil) {
            self.message = message
            self.status = status
            self.barcode = barcode
            self.retryAfterSeconds = retryAfterSeconds
        }
    }

    private func problemPage(_ problem: Problem, place: Place, context: AppRequestContext) async -> Response {
        let view = BarcodePhotoView(
            problem: problem.message,
            barcodePhoto: BarcodePhotoForm(action: place.action, csrfToken: context.csrfToken, fields: place.fields),
            barcode: problem.barcode, backURL: place.backURL, backLabel: place.backLabel)
        var response = await renderer.render(.barcodePhoto, view, for: context, status: problem.status)
        if let seconds = problem.retryAfterSeconds { response.headers[.retryAfter] = String(seconds) }
        return response
    }
}
