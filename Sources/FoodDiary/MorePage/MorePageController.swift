import FoodDiaryWeb
import Foundation
import Hummingbird

/// The sections a phone's tab bar has no room for, one tap away behind "More"; and every setting
/// of the diary and this device, on one page reached from More and Account.
struct MorePageController: Sendable {
    let renderer: PageRenderer

    func addRoutes(to routes: Routes) {
        routes.get("/more", use: page)
        routes.get("/settings", use: settingsPage)
        routes.post("/settings/appearance", use: chooseColorScheme)
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        return await renderer.render(
            .more,
            MoreView(
                name: person.account.name, isOwner: person.account.role == .owner, csrfToken: context.csrfToken,
                chosen: context.colorScheme), for: context)
    }

    @Sendable func settingsPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        await renderer.render(.settings, SettingsView(csrfToken: context.csrfToken, chosen: context.colorScheme), for: context)
    }

    /// Light, dark, or (empty) the device's own, for this browser alone; back to the page it was chosen on.
    @Sendable func chooseColorScheme(_ request: Request, context: AppRequestContext) async throws -> Response {
        let value = context.formFields["scheme"] ?? ""
        guard value.isEmpty || ColorScheme(rawValue: value) != nil else {
            throw HTTPError(.badRequest, message: "Choose light, dark or your device’s own.")
        }
        var response = redirect(to: ReturnPath.local(context.formFields["back"]) ?? "/more#appearance")
        response.setCookie(
            Cookie(
                name: ColorScheme.cookieName, value: value, maxAge: value.isEmpty ? 0 : 400 * 24 * 3600, path: "/",
                httpOnly: true, sameSite: .lax))
        return response
    }
}
