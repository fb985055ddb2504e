import FoodDiaryWeb
import Foundation
import Hummingbird

/// The sections a phone's tab bar has no room for, one tap away behind "More".
struct MorePageController: Sendable {
    let renderer: PageRenderer

    func addRoutes(to routes: Routes) {
        routes.get("/more", use: page)
        routes.post("/settings/appearance", use: chooseColorScheme)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        return await renderer.render(.more, MoreView(name: person.account.name, isOwner: person.account.role == .owner, csrfToken: context.csrfToken,
                                                     chosen: context.colorScheme), for: context)
    }

    /// Light, dark, or (empty) the device's own, for this browser alone.
    @Sendable func chooseColorScheme(_ request: Request, context: AppRequestContext) async throws -> Response {
        let value = context.formFields["scheme"] ?? ""
        guard value.isEmpty || ColorScheme(rawValue: value) != nil else {
            throw HTTPError(.badRequest, message: "Choose light, dark or your device’s own.")
        }
        var response = redirect(to: "/more#appearance")
        response.setCookie(Cookie(name: ColorScheme.cookieName, value: value, maxAge: value.isEmpty ? 0 : 400 * 24 * 3600, path: "/",
                                  httpOnly: true, sameSite: .lax))
        return response
    }
}
