import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Hummingbird

/// Answers a signed-in person in the language and units they chose: every word and energy on a
/// page, in a form's reading and in the API is then theirs, with no view model passing the choice
/// along. The API writes numbers and times as scripts read them, whatever the browser's language;
/// a script may ask it for one energy unit or system of amounts whatever the person reads
/// (`?energy=kcal`, `?amounts=metric`). FoodData Central's protocol (`/fdc/`) has its units fixed.
package struct PersonalConventionsMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext
    let languages: Languages

    package init(languages: Languages) {
        self.languages = languages
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path.hasPrefix("/fdc/") { return try await RequestConventions.stored.bound { try await next(request, context) } }
        guard let person = context.signedIn else { return try await next(request, context) }
        var conventions = try await person.diary.conventions()
        if let chosen = person.account.language.flatMap(languages.named) {
            conventions = conventions.speaking(chosen, acceptLanguage: request.headers[.acceptLanguage])
        }
        if path.hasPrefix("/api/") {
            conventions = conventions.forScripts
            if let asked = request.uri.queryParameters.get("energy") {
                guard let energy = EnergyUnit(rawValue: asked) else {
                    throw HTTPError(.badRequest, message: tr("energy is kcal or kJ, as the keys energyKcal and energyKj name them."))
                }
                conventions = conventions.with(energy: energy, amounts: conventions.amounts)
            }
            if let asked = request.uri.queryParameters.get("amounts") {
                guard let amounts = UnitSystem(rawValue: asked) else {
                    throw HTTPError(.badRequest, message: tr("amounts is metric or us, as the keys grams and ounces name them."))
                }
                conventions = conventions.with(energy: conventions.energy, amounts: amounts)
            }
        }
        return try await conventions.bound { try await next(request, context) }
    }
}

/// The units the person reads (energy, amounts), which every request they send is answered in.
enum KeptShownUnits: DiaryReadKind {
    typealias Key = Int
    typealias Value = BodySettings
}

extension Diary {
    /// The request's conventions, with the person's units.
    func conventions() async throws -> RequestConventions {
        let settings = try await kept(KeptShownUnits.self, for: 0) { db in try BodyQueries.settings(db) }
        return RequestConventions.current.with(energy: settings.energy, amounts: settings.units)
    }
}
