import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird
import Logging

/// `/account`: your password, your access tokens, and signing out everywhere.
struct AccountController: Sendable {
    let accounts: AccountsDatabase
    let authentication: Authentication
    /// Guessing the current password here is slowed down like guessing it at sign-in.
    let throttle: SignInThrottle
    /// A token is a way in: it is made after the password is typed again (or a recent sign-in).
    let recentSignIn: RecentSignIn
    /// The household's provider, when single sign-on is set up.
    let singleSignOn: OpenIDSettings?
    let renderer: PageRenderer
    let logger: Logger
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    static let maxTokenNameLength = 100

    func addRoutes(to routes: Routes) {
        routes.get("/account", use: show)
        routes.post("/account/password", use: changePassword)
        routes.post("/account/signout-everywhere", use: signOutEverywhere)
        routes.post("/account/tokens", use: createToken)
        routes.post("/account/tokens/:id/revoke", use: revokeToken)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = try request.formQuery()
        return try await page(request, context, notices: AccountNotices(AccountNotice.shown(notice: query["notice"], at: query["at"])))
    }

    private func page(
        _ request: Request, _ context: AppRequestContext, notices: AccountNotices = AccountNotices(),
        passwordForm: PasswordChangeForm = PasswordChangeForm(),
        newToken: String? = nil, tokenName: String = "", tokenWrites: Bool = false, tokenNameError: String? = nil,
        tokenPasswordError: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        // Fresh: any change to the accounts drops the session's kept copy of its person.
        let person = try context.person(), account = person.account
        let signedInRecently = account.hasPassword ? false : try await recentSignIn.isRecent(person)
        var singleSignOnPart: SingleSignOnPart?
        if let settings = singleSignOn {
            singleSignOnPart = SingleSignOnPart(
                provider: settings.name, link: try await accounts.singleSignOnLink(accountID: account.id, issuer: settings.issuer),
                hasPassword: account.hasPassword, timeZone: timeZone)
        }
        var view = AccountView(
            account: account, csrfToken: context.csrfToken, notices: notices, passwordForm: passwordForm,
            tokens: try await accounts.tokens(accountID: account.id), newToken: newToken, tokenName: tokenName,
            tokenWrites: tokenWrites,
            tokenNameError: tokenNameError, tokenPasswordError: tokenPasswordError,
            sessionCount: try await accounts.sessionCount(accountID: account.id),
            secondStep: try await accounts.secondStep(accountID: account.id),
            passkeys: try await accounts.passkeys(accountID: account.id),
            signIns: try await accounts.recentSignIns(accountID: account.id),
            singleSignOn: singleSignOnPart, signedInRecently: signedInRecently,
            assistantCalls: try await accounts.assistantCalls(accountID: account.id),
            mcpAddress: authentication.origin(request, context: context) + "/mcp", timeZone: timeZone)
        view.shares = try await accounts.reportShares(accountID: account.id, now: now()).map { ReportShareRow($0, timeZone: timeZone) }
        return await renderer.render(.account, view, for: context, status: status)
    }

    @Sendable func changePassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        var form = PasswordChangeForm(fields: context.formFields)
        // Signed in already: the person's own allowance, as if from a device that signed in before.
        let keys = SignInThrottle.keys(
            name: person.account.name, client: authentication.client(request, context: context),
            device: "account-\(person.account.id)")
        if let wait = throttle.wait(for: keys, now: now()) {
            form.currentError = tr("Too many wrong passwords. Try again in \(SignInController.duration(wait)).")
            var response = try await page(request, context, passwordForm: form, status: .tooManyRequests)
            response.headers[.retryAfter] = String(Int(wait.rounded(.up)))
            return response
        }
        let currentHash = try await accounts.passwordHash(accountID: person.account.id)
        let currentMatches = try await Passwords.verify(form.current, against: currentHash ?? Passwords.standIn) && currentHash != nil
        if !currentMatches { throttle.recordFailure(for: keys, now: now()) }
        guard form.validate(name: person.account.name, currentMatches: currentMatches) else {
            return try await page(request, context, passwordForm: form, status: .unprocessableContent)
        }
        let hash = try await Passwords.hash(form.password)
        _ = try await accounts.setPassword(accountID: person.account.id, passwordHash: hash, mustChangePassword: false)
        var keeping: Data?
        if case .session(let id) = person.credential { keeping = id }
        try await accounts.endSessions(accountID: person.account.id, keeping: keeping)
        let tokens = try await endTokens(of: person, ifAsked: context.formFields)
        logger.info("“\(person.account.name)” changed their password; their other sessions ended\(tokens.logText)")
        return redirect(to: tokens.passwordChanged.address)
    }

    @Sendable func signOutEverywhere(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.person()
        try await accounts.endSessions(accountID: person.account.id)
        let tokens = try await endTokens(of: person, ifAsked: context.formFields)
        logger.info("“\(person.account.name)” signed out everywhere\(tokens.logText)")
        var response = redirect(to: "/signin?notice=signed_out_everywhere\(tokens.noticeSuffix)")
        response.setCookie(authentication.expiredSessionCookie(secure: authentication.isHTTPS(request, context: context)))
        return response
    }

    /// What became of a person's tokens when their password changed or they signed out everywhere:
    /// both forms offer, with the tokens named, to revoke them too.
    private struct TokensOutcome {
        let held: Int
        let revoked: Bool

        var passwordChanged: AccountNotice {
            held == 0 ? .passwordChanged : revoked ? .passwordChangedTokensRevoked : .passwordChangedTokensKept
        }
        var noticeSuffix: String { held == 0 ? "" : revoked ? "_tokens_revoked" : "_tokens_kept" }
        var logText: String {
            held == 0 ? "" : revoked ? tr("; their \(held) access tokens were revoked") : tr("; their access tokens still work")
        }
    }

    private func endTokens(of person: SignedIn, ifAsked fields: FormFields) async throws -> TokensOutcome {
        guard fields["revoke_tokens"] == "1" else {
            return TokensOutcome(held: try await accounts.tokens(accountID: person.account.id).count, revoked: false)
        }
        return TokensOutcome(held: try await accounts.revokeTokens(accountID: person.account.id), revoked: true)
    }

    /// Tokens are made and revoked from a browser the person signed in to: a token that leaked
    /// must not be able to mint more of itself or outlast its own revocation.
    private func browser(_ context: AppRequestContext) throws -> SignedIn {
        let person = try context.person()
        if case .token = person.credential {
            throw HTTPError(
                .forbidden, message: tr("Access tokens cannot create or revoke tokens. Sign in in a browser and use your account page."))
        }
        return person
    }

    /// Shows the new token on the page (never in an address, never again).
    @Sendable func createToken(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try browser(context)
        let name = TypedText.clean(context.formFields["name"] ?? "")
        // Only what is asked for: a form that says nothing makes a token that reads.
        let canWrite = context.formFields["access"] == "write"
        if name.isEmpty || TypedText.length(name) > Self.maxTokenNameLength {
            let problem =
                name.isEmpty
                ? tr("Name the token after what will use it, like “Shortcuts on my phone”.")
                : tr("Keep the name to \(Self.maxTokenNameLength) characters.")
            return try await page(
                request, context, tokenName: name, tokenWrites: canWrite, tokenNameError: problem, status: .unprocessableContent)
        }
        if let refusal = try await recentSignIn.refusal(request, context: context, person: person) {
            return try await page(
                request, context, tokenName: name, tokenWrites: canWrite, tokenPasswordError: refusal.text,
                status: RecentSignIn.status(of: refusal))
        }
        let token = try await accounts.createToken(accountID: person.account.id, name: name, canWrite: canWrite, now: now())
        logger.info(
            "“\(person.account.name)” created an access token named “\(name)” that may \(canWrite ? "read and write" : "only read")")
        var response = try await page(
            request, context, notices: AccountNotices(tr("Token created. Copy it now: it will not be shown again."), at: .tokens),
            newToken: token.text)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func revokeToken(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try browser(context)
        guard let id = context.parameters.get("id", as: Int64.self),
            try await accounts.revokeToken(id: id, accountID: person.account.id)
        else {
            throw HTTPError(.notFound, message: tr("You have no such token. It may have been revoked already."))
        }
        return redirect(to: AccountNotice.tokenRevoked.address)
    }

}

/// Changing your own password: the current one, then the new one twice.
struct PasswordChangeForm: Sendable {
    var current = ""
    var password = ""
    var confirmation = ""
    var currentError: String?
    var passwordError: String?
    var confirmationError: String?

    init() {}

    init(fields: FormFields) {
        current = fields["current_password"] ?? ""
        password = fields["password"] ?? ""
        confirmation = fields["password_confirmation"] ?? ""
    }

    var hasErrors: Bool { currentError != nil || passwordError != nil || confirmationError != nil }

    mutating func validate(name: String, currentMatches: Bool) -> Bool {
        currentError = currentMatches ? nil : tr("That is not your current password.")
        passwordError = PasswordPolicy.problem(with: password, name: name)
        if passwordError == nil, password == current { passwordError = tr("Choose a password different from the current one.") }
        confirmationError = passwordError == nil && confirmation != password ? PasswordPolicy.mismatch : nil
        return !hasErrors
    }
}
