import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import Hummingbird
import Logging

/// Signing in and out, the first-run setup of the owner's account, and taking up an invitation.
struct SignInController: Sendable {
    let accounts: AccountsDatabase
    let authentication: Authentication
    let throttle: SignInThrottle
    let devices: SignInDevices
    let challenges: SecondStepChallenges
    let setup: FirstRunSetup
    let methods: SignInMethods
    let renderer: PageRenderer
    let logger: Logger
    let now: @Sendable () -> Date

    static var notices: [String: String] {
        [
            "signed_out": tr("You have signed out."), "signed_out_everywhere": tr("You have signed out on every device."),
            "signed_out_everywhere_tokens_revoked": tr("You have signed out on every device, and your access tokens were revoked."),
            "signed_out_everywhere_tokens_kept":
                tr(
                    "You have signed out on every device. Your access tokens still work: sign in and revoke any that someone else may know."
                ),
            "code_expired": tr("Sign in again: the wait for your code was over (five minutes)."),
            "code_attempts": tr("Too many wrong codes. Sign in again with your password.")
        ]
    }

    func addRoutes(to routes: Routes) {
        routes.publicGet("/signin", use: signInForm)
        routes.publicPost("/signin", use: signIn)
        routes.post("/signout", use: signOut)
        routes.publicGet("/setup", use: setupForm)
        routes.publicPost("/setup", use: createOwner)
        routes.publicGet("/invite/:token", use: inviteForm)
        routes.publicPost("/invite/:token", use: acceptInvite)
    }

    @Sendable func signInForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = try request.formQuery()
        if context.signedIn != nil { return redirect(to: SignInDestination.safe(query["next"])) }
        return try await signInPage(
            context, next: SignInDestination.safe(query["next"]), notice: query["notice"].flatMap { Self.notices[$0] })
    }

    func signInPage(
        _ context: AppRequestContext, name: String = "", next: String = "/", notice: String? = nil, problem: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        await renderer.render(
            .signIn,
            SignInView(
                csrfToken: context.csrfToken, name: name, next: next, notice: notice, problem: problem,
                noAccountYet: try await accounts.accountCount() == 0, methods: methods),
            for: context, status: status)
    }

    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = context.formFields
        let name = (fields["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let password = fields["password"] ?? ""
        let next = SignInDestination.safe(fields["next"])
        let client = authentication.client(request, context: context)
        // Read before the throttle is asked: a device cookie counts only for the account it names.
        let found = try await accounts.credentials(named: name)
        let keys = SignInThrottle.keys(
            name: name, client: client, device: found.flatMap { devices.device(in: request, for: $0.account.id) })
        func again(_ problem: String, status: HTTPResponse.Status, headers: HTTPFields = [:]) async throws -> Response {
            var response = try await signInPage(context, name: name, next: next, problem: problem, status: status)
            response.headers.append(contentsOf: headers)
            return response
        }
        guard methods.password else { return try await again(methods.passwordsOff, status: .forbidden) }
        if let wait = throttle.wait(for: keys, now: now()) {
            logger.warning("Sign-in refused while throttled for “\(name)” from \(client)")
            return try await again(
                tr("Too many failed sign-ins. Try again in \(Self.duration(wait))."), status: .tooManyRequests,
                headers: [.retryAfter: String(Int(wait.rounded(.up)))])
        }
        // An unknown name is checked against a stand-in hash, so it takes as long as a wrong password.
        let matches = try await Passwords.verify(password, against: found?.passwordHash ?? Passwords.standIn)
        guard let account = found?.account, found?.passwordHash != nil, matches else {
            throttle.recordFailure(for: keys, now: now())
            logger.warning("Sign-in failed for “\(name)” from \(client)")
            return try await again(tr("That name and password do not match an account here."), status: .unauthorized)
        }
        if try await accounts.secondStep(accountID: account.id)?.isOn == true {
            // The throttle is cleared by the code, not the password: a known password must not
            // reset the count of wrong codes.
            logger.info("Right password for “\(account.name)” from \(client); asking for the second step")
            var response = redirect(to: "/signin/code")
            response.setCookie(
                SecondStepChallenges.cookie(
                    challenges.begin(accountID: account.id, name: account.name, next: next, client: client, now: now()),
                    secure: authentication.isHTTPS(request, context: context)))
            return response
        }
        throttle.recordSuccess(for: keys)
        logger.info("Signed in: “\(account.name)” from \(client)")
        return try await startSession(for: account, by: .password, request: request, context: context, then: next)
    }

    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        if case .session(let idSHA256)? = context.signedIn?.credential { try await accounts.endSession(idSHA256: idSHA256) }
        var response = redirect(to: "/signin?notice=signed_out")
        response.setCookie(authentication.expiredSessionCookie(secure: authentication.isHTTPS(request, context: context)))
        return response
    }

    /// A new session id at every sign-in (one planted before it is worth nothing), replacing the
    /// session the browser brought, if any.
    func startSession(for account: Account, by method: SignInMethod, request: Request, context: AppRequestContext, then destination: String)
        async throws -> Response
    {
        if case .session(let old)? = context.signedIn?.credential {
            try await DiskFull.bestEffort { try await accounts.endSession(idSHA256: old) }
        }
        let id = try await accounts.createSession(accountID: account.id, lifetime: authentication.lifetime, now: now())
        try await accounts.recordSignIn(accountID: account.id, now: now())
        try await accounts.recordSignIn(
            accountID: account.id, method: method, client: authentication.client(request, context: context), now: now())
        var response = redirect(to: account.mustChangePassword ? "/account?notice=change_password" : destination)
        let secure = authentication.isHTTPS(request, context: context)
        response.setCookie(authentication.sessionCookie(id, secure: secure))
        response.setCookie(devices.cookie(for: account.id, in: request, secure: secure))
        return response
    }

    // MARK: First run

    @Sendable func setupForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = try request.formQuery()["token"]
        try await checkSetup(token: token, context: context)
        let keepsEarlierDiary = try await accounts.hasDiaryFromAnEarlierVersion()
        return await renderer.render(
            .setup,
            SetupView(
                csrfToken: context.csrfToken, token: token ?? "", form: NewPasswordForm(),
                keepsEarlierDiary: keepsEarlierDiary), for: context)
    }

    @Sendable func createOwner(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = context.formFields
        try await checkSetup(token: fields["token"], context: context)
        var form = NewPasswordForm(fields: fields, askName: true)
        guard case .success(let name) = form.validate() else {
            return await renderer.render(
                .setup,
                SetupView(
                    csrfToken: context.csrfToken, token: fields["token"] ?? "", form: form,
                    keepsEarlierDiary: try await accounts.hasDiaryFromAnEarlierVersion()), for: context,
                status: .unprocessableContent)
        }
        let hash = try await Passwords.hash(form.password)
        guard let id = try await accounts.createFirstOwner(name: name, passwordHash: hash, now: now()) else {
            throw HTTPError(.conflict, message: tr("The owner's account already exists. Sign in instead."))
        }
        setup.finish()
        logger.notice("Created the owner's account, “\(name)”; the setup link no longer works")
        guard let account = try await accounts.account(id: id) else { throw HTTPError(.internalServerError) }
        return try await startSession(for: account, by: .setup, request: request, context: context, then: Self.firstPage)
    }

    /// Where a person starts: Today, with the box to type a meal in ready and a word on what to type.
    static let firstPage = "/today?welcome=1"

    private func checkSetup(token: String?, context: AppRequestContext) async throws {
        guard setup.accepts(token), try await accounts.accountCount() == 0 else {
            throw HTTPError(
                .notFound,
                message:
                    tr(
                        "This setup link is not valid: the owner's account may exist already. Sign in, or use the link the server printed when it started."
                    )
            )
        }
        guard context.isFromThisMachine else {
            throw HTTPError(
                .forbidden,
                message:
                    tr(
                        "Set up the owner's account from the machine the server runs on (http://127.0.0.1), or with `fooddiary user add --owner`."
                    )
            )
        }
    }

    // MARK: Invitations

    @Sendable func inviteForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (invite, account) = try await invitation(context)
        return await renderer.render(
            .invite,
            InviteView(
                csrfToken: context.csrfToken, invite: invite, name: account.name, form: NewPasswordForm(),
                methods: methods), for: context)
    }

    @Sendable func acceptInvite(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (invite, account) = try await invitation(context)
        guard methods.password else { throw HTTPError(.forbidden, message: methods.passwordsOff) }
        var form = NewPasswordForm(fields: context.formFields, askName: false, name: account.name)
        guard case .success = form.validate() else {
            return await renderer.render(
                .invite,
                InviteView(
                    csrfToken: context.csrfToken, invite: invite, name: account.name, form: form,
                    methods: methods), for: context, status: .unprocessableContent)
        }
        let hash = try await Passwords.hash(form.password)
        guard try await accounts.invitedAccount(invite, now: now()) != nil else { throw invitationGone }
        _ = try await accounts.setPassword(accountID: account.id, passwordHash: hash, mustChangePassword: false)
        logger.info("“\(account.name)” took up their invitation from \(context.clientAddress)")
        return try await startSession(for: account, by: .invitation, request: request, context: context, then: Self.firstPage)
    }

    private func invitation(_ context: AppRequestContext) async throws -> (String, Account) {
        let invite = context.parameters.get("token") ?? ""
        guard let account = try await accounts.invitedAccount(invite, now: now()) else { throw invitationGone }
        return (invite, account)
    }

    private var invitationGone: HTTPError {
        HTTPError(
            .notFound, message: tr("This invitation is not valid any more: it lasts 7 days and works once. Ask the owner for a new one."))
    }

    static func duration(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded(.up))
        return minutes <= 1 ? tr("a minute") : tr("\(minutes) minutes")
    }
}
