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
        var units = try await diary.units(numbers: NumberConvention.current)
        if request.uri.path.hasPrefix("/api/"), let asked = request.uri.queryParameters.get("energy") {
            guard let energy = EnergyUnit(rawValue: asked) else {
                throw HTTPError(.badRequest, message: "energy is kcal or kJ, as the keys energyKcal and energyKj name them.")
            }
            units = RequestConventions(energy: energy, amounts: units.amounts, numbers: units.numbers)
        }
        return try await units.bound { try await next(request, context) }
    }
}
