import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Signing in through the household's OpenID provider (authorization code with PKCE, a state and
/// a nonce): from the sign-in page, from an invitation (which links the provider's account to the
/// invited person), and linking from the account page. A person is found by the provider's
/// (issuer, subject), never by a name. Without `--oidc-issuer` every route says it is not set up.
struct SingleSignOnController: Sendable {
    let provider: OpenIDProvider?
    let logins: OpenIDLogins
    let accounts: AccountsDatabase
    let authentication: Authentication
    let signIn: SignInController
    let recentSignIn: RecentSignIn
    let renderer: PageRenderer
    let logger: Logger
    let now: @Sendable () -> Date

    func addRoutes(to routes: Routes) {
        routes.publicPost("/signin/sso", use: startSignIn)
        routes.publicPost("/invite/:token/sso", use: startInvitation)
        routes.post("/account/sso", use: startLink)
        routes.post("/account/sso/remove", use: unlink)
        routes.publicGet(OpenIDLogins.callbackPath, use: finish)
    }

    static let refresh = HTTPField.Name("Refresh")!

    /// The provider, when single sign-on is set up; else every route answers 404.
    private func configured() throws -> OpenIDProvider {
        guard let provider else { throw HTTPError(.notFound, message: tr("Single sign-on is not set up on this server.")) }
        return provider
    }

    // MARK: Off to the provider

    @Sendable func startSignIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await start(.signIn(next: SignInDestination.safe(context.formFields["next"])), request: request, context: context)
    }

    @Sendable func startInvitation(_ request: Request, context: AppRequestContext) async throws -> Response {
        let invite = context.parameters.get("token") ?? ""
        guard try await accounts.invitedAccount(invite, now: now()) != nil else {
            throw HTTPError(
                .notFound,
                message: tr("This invitation is not valid any more: it lasts 7 days and works once. Ask the owner for a new one."))
        }
        return try await start(.invitation(invite), request: request, context: context)
    }

    @Sendable func startLink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try RecentSignIn.browser(context)
        guard case .session(let session) = person.credential else {
            throw HTTPError(.forbidden, message: tr("Link it from a browser you signed in to."))
        }
        // A link is a way in that outlives the password: asked for as removing one is.
        if let refusal = try await recentSignIn.refusal(request, context: context, person: person) {
            return redirect(to: refusal.address(at: .singleSignOn))
        }
        return try await start(.link(accountID: person.account.id, session: session), request: request, context: context)
    }

    private func start(_ purpose: OpenIDLogins.Purpose, request: Request, context: AppRequestContext) async throws -> Response {
        let provider = try configured(), settings = provider.settings
        let secure = authentication.isHTTPS(request, context: context)
        // The provider sends the browser back to this server by the name the browser used for it;
        // that address is what the owner registers at the provider.
        let redirectURI = authentication.origin(request, context: context) + OpenIDLogins.callbackPath
        let started = logins.begin(purpose, redirectURI: redirectURI, client: authentication.client(request, context: context), now: now())
        let url: URL
        do {
            url = try await provider.authorizationURL(
                state: started.state, nonce: started.pending.nonce,
                codeChallenge: OpenIDLogins.codeChallenge(for: started.pending.verifier), redirectURI: redirectURI)
        } catch {
            logger.error("Single sign-on could not start: \(error.reason)")
            return try await problem(
                error.message(provider: settings.name), status: .serviceUnavailable, purpose: purpose, context: context)
        }
        var response = await renderer.render(
            .singleSignOnOnTheWay, SingleSignOnOnTheWayView(provider: settings.name, address: url.absoluteString),
            for: context)
        response.headers[Self.refresh] = "0; url=\(url.absoluteString)"
        response.setCookie(OpenIDLogins.cookie(started.browser, secure: secure))
        return response
    }

    // MARK: Back from the provider

    @Sendable func finish(_ request: Request, context: AppRequestContext) async throws -> Response {
        let provider = try configured()
        let query = try request.formQuery()
        let client = authentication.client(request, context: context)
        guard let pending = logins.take(state: query["state"] ?? "", browser: request.cookies[OpenIDLogins.cookieName]?.value, now: now())
        else {
            logger.warning(
                "A single sign-on answer from \(client) matched no sign-in this browser started (replayed, over or from elsewhere)")
            return try await problem(
                tr("That sign-in is over (ten minutes), was finished already, or was started in another browser. Start again."),
                status: .badRequest, purpose: nil, context: context)
        }
        var response = try await finish(pending, query: query, provider: provider, request: request, context: context)
        response.setCookie(OpenIDLogins.cookie(nil, secure: authentication.isHTTPS(request, context: context)))
        return response
    }

    private func finish(
        _ pending: OpenIDLogins.Pending, query: FormFields, provider: OpenIDProvider, request: Request,
        context: AppRequestContext
    ) async throws -> Response {
        let settings = provider.settings, client = authentication.client(request, context: context)
        if let error = query["error"] {
            logger.info("\(settings.name) ended a sign-in from \(client): \(error.prefix(100))")
            let words =
                error == "access_denied"
                ? tr("\(settings.name) did not sign you in (it was cancelled or refused).")
                : tr("\(settings.name) could not sign you in. Start again.")
            return try await problem(words, status: .unauthorized, purpose: pending.purpose, context: context)
        }
        guard let code = query["code"], !code.isEmpty, code.utf8.count <= 4096 else {
            return try await problem(
                tr("\(settings.name) sent no sign-in back. Start again."), status: .badRequest, purpose: pending.purpose, context: context)
        }
        let identity: OpenIDIdentity
        do {
            identity = try await provider.identity(
                code: code, verifier: pending.verifier, redirectURI: pending.redirectURI, nonce: pending.nonce, now: now())
        } catch {
            logger.warning("A single sign-on from \(client) was refused: \(error.reason)")
            return try await problem(
                error.message(provider: settings.name), status: error.kind == .unreachable ? .serviceUnavailable : .unauthorized,
                purpose: pending.purpose, context: context)
        }
        switch pending.purpose {
        case .signIn(let next): return try await signInLinked(identity, next: next, settings: settings, request: request, context: context)
        case .link(let accountID, let session):
            return try await link(identity, accountID: accountID, session: session, settings: settings, context: context)
        case .invitation(let invite):
            return try await takeUp(invite, identity: identity, settings: settings, request: request, context: context)
        }
    }

    private func signInLinked(
        _ identity: OpenIDIdentity, next: String, settings: OpenIDSettings, request: Request,
        context: AppRequestContext
    ) async throws -> Response {
        let client = authentication.client(request, context: context)
        if let account = try await accounts.linkedAccount(issuer: identity.issuer, subject: identity.subject, now: now()) {
            logger.info("Signed in: “\(account.name)” from \(client), through \(settings.name)")
            return try await signIn.startSession(for: account, by: .singleSignOn, request: request, context: context, then: next)
        }
        guard settings.allowsNewMembers, settings.requiredGroup.map(identity.groups.contains) ?? true else {
            logger.warning("\(settings.name) vouched for “\(identity.shownAs)” from \(client), who is linked to nobody here")
            return try await problem(
                tr(
                    "Your \(settings.name) account (\(identity.shownAs)) is not linked to anybody here. Ask the owner for an invitation and choose “Sign in with \(settings.name)” on it, or sign in as you did before and link it on your account page."
                ),
                status: .forbidden, purpose: nil, context: context)
        }
        let names = identity.suggestedNames.compactMap { try? AccountName.check($0).get() }
        // Nil when the same person finished twice at once: the other request made them.
        var joined = try await accounts.createLinkedMember(names: names, identity: identity, now: now())
        if joined == nil { joined = try await accounts.linkedAccount(issuer: identity.issuer, subject: identity.subject, now: now()) }
        guard let account = joined else { throw HTTPError(.conflict) }
        logger.notice("“\(account.name)” joined through \(settings.name) from \(client), as a member")
        return try await signIn.startSession(
            for: account, by: .singleSignOn, request: request, context: context, then: SignInController.firstPage)
    }

    /// Only into the session that started it: a link finished in another browser links nobody.
    private func link(_ identity: OpenIDIdentity, accountID: Int64, session: Data, settings: OpenIDSettings, context: AppRequestContext)
        async throws -> Response
    {
        guard let person = context.signedIn, person.account.id == accountID, case .session(let current) = person.credential,
            current == session
        else {
            return try await problem(
                tr("You were signed out before \(settings.name) answered, so nothing was linked. Sign in and link it again."),
                status: .forbidden, purpose: nil, context: context)
        }
        do {
            try await accounts.link(identity, to: accountID, now: now())
        } catch is AccountsDatabase.LinkedElsewhere {
            return redirect(to: AccountNotice.singleSignOnLinkedElsewhere.address)
        }
        logger.info("“\(person.account.name)” linked their \(settings.name) account (\(identity.shownAs))")
        return redirect(to: AccountNotice.singleSignOnLinked.address)
    }

    private func takeUp(_ invite: String, identity: OpenIDIdentity, settings: OpenIDSettings, request: Request, context: AppRequestContext)
        async throws -> Response
    {
        let account: Account?
        do {
            account = try await accounts.takeUpInvitation(invite, with: identity, now: now())
        } catch is AccountsDatabase.LinkedElsewhere {
            return try await problem(
                tr(
                    "Your \(settings.name) account (\(identity.shownAs)) is linked to somebody else here already. Sign in with it instead, or ask the owner."
                ),
                status: .conflict, purpose: nil, context: context)
        }
        guard let account else {
            return try await problem(
                tr("This invitation is not valid any more: it lasts 7 days and works once. Ask the owner for a new one."),
                status: .notFound, purpose: nil, context: context)
        }
        logger.info(
            "“\(account.name)” took up their invitation through \(settings.name) (\(identity.shownAs)) from \(context.clientAddress)")
        return try await signIn.startSession(
            for: account, by: .singleSignOn, request: request, context: context, then: SignInController.firstPage)
    }

    // MARK: Unlinking

    @Sendable func unlink(_ request: Request, context: AppRequestContext) async throws -> Response {
        let settings = try configured().settings
        let person = try RecentSignIn.browser(context)
        // Without a password the provider is how they get in: unlinking would lock them out.
        guard person.account.hasPassword else { return redirect(to: AccountNotice.singleSignOnOnlyWay.address) }
        if let refusal = try await recentSignIn.refusal(request, context: context, person: person) {
            return redirect(to: refusal.address(at: .singleSignOn))
        }
        guard try await accounts.unlink(accountID: person.account.id, issuer: settings.issuer) else { return redirect(to: "/account#sso") }
        logger.info("“\(person.account.name)” unlinked their \(settings.name) account")
        return redirect(to: AccountNotice.singleSignOnUnlinked.address)
    }

    /// A sign-in that did not finish: linking goes back to the account page, the rest to the sign-in page.
    private func problem(_ words: String, status: HTTPResponse.Status, purpose: OpenIDLogins.Purpose?, context: AppRequestContext)
        async throws -> Response
    {
        if case .link = purpose { return redirect(to: AccountNotice.singleSignOnFailed.address) }
        return try await signIn.signInPage(context, problem: words, status: status)
    }
}
