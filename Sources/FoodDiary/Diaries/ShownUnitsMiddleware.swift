import FoodDiaryBase
import FoodDiaryWeb
import Hummingbird

/// Answers a signed-in person in the units they chose: every energy on a page, in a form's
/// reading and in the API is then theirs, with no view model passing the choice along. A script
/// may ask the API for one unit whatever the person reads (`?energy=kcal`).
package struct ShownUnitsMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext

    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.requester != nil, let diary = try? context.diary() else { return try await next(request, context) }
        var energy = try await diary.energyUnit()
        if request.uri.path.hasPrefix("/api/"), let asked = request.uri.queryParameters.get("energy") {
            guard let unit = EnergyUnit(rawValue: asked) else {
                throw HTTPError(.badRequest, message: "energy is kcal or kJ, as the keys energyKcal and energyKj name them.")
            }
            energy = unit
        }
        return try await EnergyUnit.$shown.withValue(energy) { try await next(request, context) }
    }
}
