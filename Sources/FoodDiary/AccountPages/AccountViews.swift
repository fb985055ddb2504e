import FoodDiaryBase
import Foundation

struct SignInView: Sendable {
    let title = tr("Sign in")
    let csrfToken: String
    let name: String
    let next: String
    let notice: String?
    let problem: String?
    let noAccountYet: Bool
    let passwordSignIn: Bool
    /// "Sign in with Authentik"; nil without single sign-on.
    let singleSignOn: String?

    init(
        csrfToken: String, name: String, next: String, notice: String? = nil, problem: String? = nil, noAccountYet: Bool,
        methods: SignInMethods
    ) {
        self.csrfToken = csrfToken
        self.name = name
        self.next = next
        self.notice = notice
        self.problem = problem
        self.noAccountYet = noAccountYet
        passwordSignIn = methods.password
        singleSignOn = methods.singleSignOn.map { tr("Sign in with \($0)") }
    }
}

/// The fields of a new password typed twice, for the setup, invitation and people pages.
struct NewPasswordFields: Sendable {
    let newPasswordLabel = tr("Password")
    let name: String
    let nameError: String?
    let passwordError: String?
    let confirmationError: String?

    init(_ form: NewPasswordForm) {
        name = form.name
        nameError = form.errors.name
        passwordError = form.errors.password
        confirmationError = form.errors.confirmation
    }
}

struct SetupView: Sendable {
    let title = tr("Set up FoodDiary")
    let csrfToken: String
    let token: String
    let fields: NewPasswordFields
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingChanged
    let minimumLength = PasswordPolicy.minimumLength
    /// A diary an earlier version kept is waiting: it becomes the owner's. A new install has none.
    let keepsEarlierDiary: Bool

    init(csrfToken: String, token: String, form: NewPasswordForm, keepsEarlierDiary: Bool) {
        self.keepsEarlierDiary = keepsEarlierDiary
        self.csrfToken = csrfToken
        self.token = token
        fields = NewPasswordFields(form)
        hasErrors = !form.errors.isEmpty
    }
}

struct InviteView: Sendable {
    let title = tr("Welcome to FoodDiary")
    let csrfToken: String
    let action: String
    let name: String
    let fields: NewPasswordFields
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingChanged
    let minimumLength = PasswordPolicy.minimumLength
    let passwordSignIn: Bool
    let singleSignOn: String?
    let singleSignOnAction: String

    init(csrfToken: String, invite: String, name: String, form: NewPasswordForm, methods: SignInMethods) {
        self.csrfToken = csrfToken
        action = "/invite/\(invite)"
        self.name = name
        fields = NewPasswordFields(form)
        hasErrors = !form.errors.isEmpty
        passwordSignIn = methods.password
        singleSignOn = methods.singleSignOn.map { tr("Sign in with \($0)") }
        singleSignOnAction = "/invite/\(invite)/sso"
    }
}

struct AccountView: Sendable {
    let title = tr("Your account")
    let newPasswordLabel = tr("New password")
    let csrfToken: String
    let name: String
    let roleText: String
    let isOwner: Bool
    /// The notice above everything; one about a part of the page is in `notices`, beside its form.
    let notice: String?
    let notices: AccountNotices
    let mustChangePassword: Bool
    let currentError: String?
    let passwordError: String?
    let confirmationError: String?
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingChanged
    let minimumLength = PasswordPolicy.minimumLength
    let tokens: [TokenRow]
    let newToken: String?
    /// This server's assistant address as the person's browser reaches it (the Host guard vouched
    /// for the name), to paste into an assistant's settings.
    let mcpAddress: String
    let tokenName: String
    /// The kind asked for, kept when the form comes back with a problem.
    let tokenWrites: Bool
    let tokenNameError: String?
    /// Why the token was not made when the password was wrong or the sign-in old.
    let tokenPasswordError: String?
    let otherSessions: String?
    /// The checkbox both "Change password" and "Sign out everywhere" offer, naming the tokens; nil without tokens.
    let revokeTokensLabel: String?
    let secondStep: SecondStepPart
    let passkeys: [PasskeyRow]
    /// How adding or removing a way in asks the person to prove it is them.
    let recentSignIn: RecentSignInPart
    /// "28 Nov 2026, 17:02 · passkey · from 192.168.1.20"
    let signIns: [String]
    let singleSignOn: SingleSignOnPart?
    /// False for someone who signs in only through the household's provider.
    let hasPassword: Bool
    /// "28 Nov 2026, 19:52 · Claude · logged a banana, 1 medium (118 g) to breakfast on 2026-11-28"
    let assistantCalls: [String]
    /// The person's report links that work now, each with its Stop.
    var shares: [ReportShareRow] = []
    let hasAssistantCalls: Bool

    struct PasskeyRow: Sendable {
        let name: String
        let created: String
        let lastUsed: String
        let removeAction: String
        let passwordID: String
    }

    struct TokenRow: Sendable {
        let name: String
        let access: String
        let created: String
        let lastUsed: String
        let revokeAction: String
    }

    init(
        account: Account, csrfToken: String, notices: AccountNotices, passwordForm: PasswordChangeForm, tokens: [AccessToken],
        newToken: String?, tokenName: String, tokenWrites: Bool = false, tokenNameError: String?, tokenPasswordError: String? = nil,
        sessionCount: Int, secondStep: SecondStepState?, passkeys: [Passkey],
        signIns: [SignInRecord], singleSignOn: SingleSignOnPart?, signedInRecently: Bool = false, assistantCalls: [AssistantCall] = [],
        mcpAddress: String, timeZone: TimeZone
    ) {
        self.csrfToken = csrfToken
        recentSignIn = RecentSignInPart(
            hasPassword: account.hasPassword, signedInRecently: signedInRecently,
            provider: singleSignOn.flatMap { $0.isLinked ? $0.provider : nil })
        self.assistantCalls = assistantCalls.map { call in
            let time = LocalDateTime(call.at, in: timeZone)
            let line = "\(time.date.dayMonthYearText), \(time.clockText) · \(call.tokenName) · \(call.summary)"
            return call.undone ? tr("\(line) (taken back)") : line
        }
        hasAssistantCalls = !assistantCalls.isEmpty
        self.singleSignOn = singleSignOn
        hasPassword = account.hasPassword
        self.signIns = signIns.map { record in
            let time = LocalDateTime(record.at, in: timeZone)
            let method = SignInMethod(rawValue: record.method)?.shownName ?? record.method
            return tr("\(time.date.dayMonthYearText), \(time.clockText) · \(method) · from \(record.client)")
        }
        self.passkeys = passkeys.map { key in
            PasskeyRow(
                name: key.name, created: LocalDateTime(key.createdAt, in: timeZone).date.dayMonthYearText,
                lastUsed: key.lastUsedAt.map { tr("last used \(LocalDateTime($0, in: timeZone).date.dayMonthYearText)") }
                    ?? tr("never used"),
                removeAction: "/account/passkeys/\(key.id)/remove", passwordID: "passkey-\(key.id)-password")
        }
        self.secondStep = SecondStepPart(secondStep, timeZone: timeZone)
        name = account.name
        roleText = account.role == .owner ? tr("Owner: you set this server up and manage who uses it.") : tr("Member")
        isOwner = account.role == .owner
        notice = notices.top
        self.notices = notices
        mustChangePassword = account.mustChangePassword
        currentError = passwordForm.currentError
        passwordError = passwordForm.passwordError
        confirmationError = passwordForm.confirmationError
        hasErrors = passwordForm.hasErrors
        self.tokens = tokens.map { token in
            TokenRow(
                name: token.name, access: token.canWrite ? tr("reads and writes") : tr("only reads"),
                created: LocalDateTime(token.createdAt, in: timeZone).date.dayMonthYearText,
                lastUsed: token.lastUsedAt.map { tr("last used \(LocalDateTime($0, in: timeZone).date.dayMonthYearText)") }
                    ?? tr("never used"),
                revokeAction: "/account/tokens/\(token.id)/revoke")
        }
        self.newToken = newToken
        self.mcpAddress = mcpAddress
        self.tokenName = tokenName
        self.tokenWrites = tokenWrites
        self.tokenNameError = tokenNameError
        self.tokenPasswordError = tokenPasswordError
        otherSessions = sessionCount > 1 ? tr("You are signed in on \(sessionCount) browsers.") : nil
        let names = tokens.map { "“\($0.name)”" }
        revokeTokensLabel =
            names.isEmpty
            ? nil
            : tr("Also revoke my \(names.count == 1 ? "access token" : "\(names.count) access tokens") (\(names.joined(separator: ", ")))")
    }
}

struct PeopleView: Sendable {
    let title = tr("People")
    let csrfToken: String
    let notice: String?
    let people: [PersonRow]
    let handOver: HandOverView?
    /// The household's provider, which an invitation may be taken up with.
    let provider: String?
    /// False with `--no-password-sign-in`: members come in by invitation only.
    let offersPasswords: Bool
    let name: String
    let byInvitation: Bool
    let nameError: String?
    let passwordError: String?
    let hasErrors: Bool
    let errorSummary = ErrorSummary.nothingAdded
    let minimumLength = PasswordPolicy.minimumLength

    struct PersonRow: Sendable {
        let name: String
        let roleText: String
        let status: String
        let isYou: Bool
        let isMember: Bool
        let resetAction: String
        let removeURL: String
        /// Where the owner lifts a second step locked by wrong codes; nil when it is not locked.
        let unlockAction: String?
    }

    struct HandOverView: Sendable {
        let name: String
        let link: String
    }

    /// `linked`: who signs in through the household's provider, named `provider`.
    init(
        people: [Account], me: Int64?, csrfToken: String, notice: String?, form: NewMemberForm, handOver: HandOver?,
        linked: Set<Int64> = [], locked: Set<Int64> = [], provider: String? = nil, offersPasswords: Bool = true, timeZone: TimeZone
    ) {
        self.csrfToken = csrfToken
        self.notice = notice
        self.provider = provider
        self.offersPasswords = offersPasswords
        self.people = people.map { person in
            let through = linked.contains(person.id) ? provider.map { tr(" · linked to \($0)") } ?? "" : ""
            let signedIn =
                person.lastSignInAt.map { tr("Last signed in \(LocalDateTime($0, in: timeZone).date.dayMonthYearText)") }
                ?? tr("Never signed in")
            return PersonRow(
                name: person.name, roleText: person.role == .owner ? tr("Owner") : tr("Member"),
                status: (!person.hasPassword && through.isEmpty
                    ? tr("Invitation not taken up yet")
                    : person.mustChangePassword ? tr("Has not chosen their own password yet") : signedIn) + through
                    + (locked.contains(person.id) ? tr(" · second step locked after \(SecondStepLock.limit) wrong codes") : ""),
                isYou: person.id == me, isMember: person.role == .member,
                resetAction: "/people/\(person.id)/reset", removeURL: "/people/\(person.id)/remove",
                unlockAction: locked.contains(person.id) ? "/people/\(person.id)/unlock" : nil)
        }
        self.handOver = handOver.map { HandOverView(name: $0.name, link: $0.link) }
        name = handOver == nil ? form.name : ""
        byInvitation = form.byInvitation
        nameError = form.nameError
        passwordError = form.passwordError
        hasErrors = form.nameError != nil || form.passwordError != nil
    }
}

/// The account page's notices placed: the top one, or one inside a part of the page.
struct AccountNotices: Sendable {
    var top: String?
    var passkeys: String?
    var singleSignOn: String?
    var secondStep: String?
    var tokens: String?
    var reportLinks: String?
    /// A section's notice as a refusal ("nothing changed") or as news.
    var style = "notice"
    var role = "status"

    init(top: String? = nil) { self.top = top }

    init(_ shown: (notice: AccountNotice, section: AccountNotice.Section?)?) {
        guard let shown else {
            self.init()
            return
        }
        self.init(shown.notice.text, at: shown.section)
        if shown.notice.isRefusal { (style, role) = ("notice error-notice", "alert") }
    }

    init(_ text: String, at section: AccountNotice.Section?) {
        switch section {
        case nil: top = text
        case .passkeys: passkeys = text
        case .singleSignOn: singleSignOn = text
        case .secondStep: secondStep = text
        case .tokens: tokens = text
        case .reportLinks: reportLinks = text
        }
    }
}

/// How the account page asks a person to prove it is them before adding or removing a way in:
/// the password typed again, nothing more after a recent sign-in (someone without a password), or
/// signing in again first.
struct RecentSignInPart: Sendable {
    let asksPassword: Bool
    let canChange: Bool
    let signInAgain: SignInAgain?

    struct SignInAgain: Sendable {
        let text: String
        /// The household's provider, whose button signs in again and comes back here.
        let provider: String?
        let next = "/account"
    }

    init(hasPassword: Bool, signedInRecently: Bool, provider: String?) {
        asksPassword = hasPassword
        canChange = hasPassword || signedInRecently
        signInAgain =
            canChange
            ? nil
            : SignInAgain(
                text: provider == nil
                    ? tr(
                        "You have no password here, so adding or removing a way in needs a fresh sign-in: sign out and sign in again with a passkey, then do it within \(RecentSignIn.windowText)."
                    )
                    : tr(
                        "You have no password here, so adding or removing a way in needs a fresh sign-in: sign in again, then do it within \(RecentSignIn.windowText)."
                    ),
                provider: provider)
    }
}

struct RemovePersonView: Sendable {
    let title = tr("Remove someone?")
    let confirmLabel = tr("Type their name to confirm")
    let csrfToken: String
    let name: String
    let action: String
    let typed: String
    let error: String?

    init(account: Account, csrfToken: String, typed: String = "", error: String? = nil) {
        self.csrfToken = csrfToken
        name = account.name
        action = "/people/\(account.id)/remove"
        self.typed = typed
        self.error = error
    }
}
