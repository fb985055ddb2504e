import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// The sections a phone's tab bar has no room for, one tap away behind "More"; and every setting
/// of the diary, the person and this device, on one page reached from More and Account.
struct MorePageController: Sendable {
    let accounts: AccountsDatabase
    let languages: Languages
    let renderer: PageRenderer

    func addRoutes(to routes: Routes) {
        routes.get("/more", use: page)
        routes.get("/settings", use: settingsPage)
        routes.post("/settings/appearance", use: chooseColorScheme)
        routes.post("/settings/language", use: chooseLanguage)
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
        let person = try context.person()
        return await renderer.render(
            .settings,
            SettingsView(
                csrfToken: context.csrfToken, chosen: context.colorScheme,
                languages: LanguageChoice.all(languages, chosen: person.account.language.flatMap(languages.named))), for: context)
    }

    /// The language this person reads in wherever they sign in, or (empty) their browser's.
    @Sendable func chooseLanguage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        let value = context.formFields["language"] ?? ""
        guard value.isEmpty || languages.named(value) != nil else {
            throw HTTPError(.badRequest, message: tr("Choose one of the languages listed, or your browser’s."))
        }
        try await accounts.setLanguage(accountID: person.account.id, to: value.isEmpty ? nil : languages.named(value)?.code)
        return redirect(to: "/settings#language")
    }

    /// Light, dark, or (empty) the device's own, for this browser alone; back to the page it was chosen on.
    @Sendable func chooseColorScheme(_ request: Request, context: AppRequestContext) async throws -> Response {
        let value = context.formFields["scheme"] ?? ""
        guard value.isEmpty || ColorScheme(rawValue: value) != nil else {
            throw HTTPError(.badRequest, message: tr("Choose light, dark or your device’s own."))
        }
        var response = redirect(to: ReturnPath.local(context.formFields["back"]) ?? "/more#appearance")
        response.setCookie(
            Cookie(
                name: ColorScheme.cookieName, value: value, maxAge: value.isEmpty ? 0 : 400 * 24 * 3600, path: "/",
                httpOnly: true, sameSite: .lax))
        return response
    }
}
