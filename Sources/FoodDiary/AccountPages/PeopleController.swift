import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird
import Logging

/// `/people`, for the owner: add members (by invitation link or, while passwords sign in, a first
/// password they must change), reset a member's password, remove a member (their diaries stay).
struct PeopleController: Sendable {
    let accounts: AccountsDatabase
    let authentication: Authentication
    let singleSignOn: OpenIDSettings?
    let methods: SignInMethods
    let renderer: PageRenderer
    let logger: Logger
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    static var notices: [String: String] {
        [
            "removed": tr("Removed. Their sign-ins and tokens no longer work; their diaries are kept."),
            "unlocked": tr("The lock is lifted: codes from their app sign them in again.")
        ]
    }

    func addRoutes(to routes: Routes) {
        routes.get("/people", use: list)
        routes.post("/people", use: add)
        routes.post("/people/:id/reset", use: reset)
        routes.post("/people/:id/unlock", use: liftLock)
        routes.get("/people/:id/remove", use: confirmRemoval)
        routes.post("/people/:id/remove", use: remove)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try owner(context)
        return try await page(context, notice: try request.formQuery()["notice"].flatMap { Self.notices[$0] })
    }

    private func page(
        _ context: AppRequestContext, notice: String? = nil, form: NewMemberForm = NewMemberForm(),
        handOver: HandOver? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var linked = Set<Int64>()
        if let singleSignOn { linked = try await accounts.linkedAccountIDs(issuer: singleSignOn.issuer) }
        var response = await renderer.render(
            .people,
            PeopleView(
                people: try await accounts.accounts(), me: context.signedIn?.account.id, csrfToken: context.csrfToken, notice: notice,
                form: form, handOver: handOver, linked: linked, locked: try await accounts.lockedSecondSteps(),
                provider: singleSignOn?.name, offersPasswords: methods.password, timeZone: timeZone), for: context, status: status)
        if handOver != nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        try owner(context)
        var form = NewMemberForm(fields: context.formFields)
        guard form.byInvitation || methods.password else {
            throw HTTPError(.forbidden, message: tr("Passwords are turned off on this server: add them with an invitation link."))
        }
        guard let name = form.validate() else { return try await page(context, form: form, status: .unprocessableContent) }
        let hash = form.byInvitation ? nil : try await Passwords.hash(form.password)
        let id: Int64
        do {
            id = try await accounts.createAccount(
                name: name, passwordHash: hash, role: .member, mustChangePassword: hash != nil, now: now())
        } catch is AccountsDatabase.NameTaken {
            form.nameError = tr("Somebody here already has that name.")
            return try await page(context, form: form, status: .conflict)
        }
        logger.info("Owner “\(context.signedIn?.account.name ?? "")” added “\(name)”")
        return try await page(
            context, notice: tr("\(name) can now use the diary."),
            handOver: try await handOver(to: id, name: name, byInvitation: form.byInvitation, request: request, context: context))
    }

    /// Locks the member out until they follow the new invitation link: their password, sessions
    /// and tokens all stop working at once.
    @Sendable func reset(_ request: Request, context: AppRequestContext) async throws -> Response {
        try owner(context)
        let member = try await member(context)
        let invite = try await accounts.resetSignIn(accountID: member.id, now: now())
        logger.info("Owner “\(context.signedIn?.account.name ?? "")” reset the password of “\(member.name)”")
        return try await page(
            context, notice: tr("\(member.name)'s password, sign-ins and access tokens no longer work. Only this link lets them in again."),
            handOver: handOver(invite, to: member.name, request: request, context: context))
    }

    /// Codes from the person's app are checked again (anyone's, the owner's own too: they may be
    /// in with a passkey).
    @Sendable func liftLock(_ request: Request, context: AppRequestContext) async throws -> Response {
        try owner(context)
        guard let id = context.parameters.get("id", as: Int64.self), let person = try await accounts.account(id: id) else {
            throw HTTPError(.notFound, message: tr("Nobody here has that number. They may have been removed."))
        }
        try await accounts.clearWrongCodes(accountID: person.id)
        logger.info("Owner “\(context.signedIn?.account.name ?? "")” lifted the lock on the second step of “\(person.name)”")
        return redirect(to: "/people?notice=unlocked")
    }

    /// The link as the owner's browser reached us (the Host guard vouched for the name).
    private func handOver(to id: Int64, name: String, byInvitation: Bool, request: Request, context: AppRequestContext) async throws
        -> HandOver?
    {
        guard byInvitation else { return nil }
        return handOver(try await accounts.createInvite(accountID: id, now: now()), to: name, request: request, context: context)
    }

    private func handOver(_ invite: BearerSecret, to name: String, request: Request, context: AppRequestContext) -> HandOver {
        HandOver(name: name, link: "\(authentication.origin(request, context: context))/invite/\(invite.text)")
    }

    @Sendable func confirmRemoval(_ request: Request, context: AppRequestContext) async throws -> Response {
        try owner(context)
        return await renderer.render(
            .removePerson, RemovePersonView(account: try member(context), csrfToken: context.csrfToken), for: context)
    }

    /// Needs the name typed again, so a slip of the finger cannot remove someone.
    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        try owner(context)
        let member = try await member(context)
        let typed = (context.formFields["confirm_name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard typed.lowercased() == member.name.lowercased() else {
            return await renderer.render(
                .removePerson,
                RemovePersonView(
                    account: member, csrfToken: context.csrfToken, typed: typed,
                    error: tr("Type “\(member.name)” exactly to remove them.")), for: context, status: .unprocessableContent)
        }
        _ = try await accounts.removeAccount(id: member.id)
        logger.notice("Owner “\(context.signedIn?.account.name ?? "")” removed “\(member.name)”")
        return redirect(to: "/people?notice=removed")
    }

    private func owner(_ context: AppRequestContext) throws {
        guard context.signedIn?.account.role == .owner else {
            throw HTTPError(.forbidden, message: tr("Only the owner can manage the people who use this diary."))
        }
    }

    /// The member the address names; the owner is managed from the command line, not here.
    private func member(_ context: AppRequestContext) async throws -> Account {
        guard let id = context.parameters.get("id", as: Int64.self), let account = try await accounts.account(id: id) else {
            throw HTTPError(.notFound, message: tr("Nobody here has that number. They may have been removed."))
        }
        guard account.role == .member else {
            throw HTTPError(
                .conflict, message: tr("The owner cannot be reset or removed here. Use `fooddiary user reset-password` on the server."))
        }
        return account
    }
}

/// A new member: a name, and either an invitation link or a first password.
struct NewMemberForm: Sendable {
    var name = ""
    var byInvitation = true
    var password = ""
    var nameError: String?
    var passwordError: String?

    init() {}

    init(fields: FormFields) {
        name = fields["name"] ?? ""
        byInvitation = fields["how"] != "password"
        password = fields["password"] ?? ""
    }

    mutating func validate() -> String? {
        var cleaned: String?
        switch AccountName.check(name) {
        case .success(let checked): cleaned = checked
        case .failure(let problem): nameError = problem.message
        }
        if !byInvitation { passwordError = PasswordPolicy.problem(with: password, name: cleaned ?? name) }
        return passwordError == nil ? cleaned : nil
    }
}

/// What the owner passes on to a new or reset member, shown once.
struct HandOver: Sendable {
    let name: String
    let link: String
}
