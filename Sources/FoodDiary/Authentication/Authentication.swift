import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Decides who a request comes from: a session cookie, a personal access token, or a trusted
/// proxy's header, in that order of precedence after a token (a script's explicit credential wins).
public struct Authentication: Sendable {
    static let sessionCookie = "fooddiary_session"
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    let accounts: AccountsDatabase
    let lifetime: SessionLifetime
    let proxyHeader: HTTPField.Name?
    let trustedProxies: TrustedProxies
    /// Set when the server itself answers HTTPS (`--tls-cert`).
    let servesHTTPS: Bool
    let now: @Sendable () -> Date
    /// Each person's open diary.
    let diaries: DiaryAccess
    let recentSessions = RecentSessions()

    package init(
        accounts: AccountsDatabase, lifetime: SessionLifetime, proxyHeader: HTTPField.Name?, trustedProxies: TrustedProxies,
        servesHTTPS: Bool, now: @escaping @Sendable () -> Date, diaries: DiaryAccess
    ) {
        self.accounts = accounts
        self.lifetime = lifetime
        self.proxyHeader = proxyHeader
        self.trustedProxies = trustedProxies
        self.servesHTTPS = servesHTTPS
        self.now = now
        self.diaries = diaries
    }

    /// Whether `name` can be a header, for `--trusted-proxy-header`.
    public static func isHeaderName(_ name: String) -> Bool { HTTPField.Name(name) != nil }

    /// A credential was presented and is no good; answered 401 rather than treated as nobody.
    struct BadCredential: Error {
        let message: String
    }

    func identify(_ request: Request, context: AppRequestContext) async throws -> SignedIn? {
        if let authorization = request.headers[.authorization] {
            return try await tokenHolder(authorization)
        }
        if let key = Self.foodDataCentralKey(request) {
            return try await tokenHolder("Bearer " + key)
        }
        if let proxyHeader, trustedProxies.contains(context.clientAddress),
            let name = request.headers[proxyHeader]?.trimmingCharacters(in: .whitespaces), !name.isEmpty
        {
            guard let account = try await accounts.account(named: name) else {
                throw BadCredential(
                    message:
                        tr(
                            "Your sign-in service says you are “\(name)”, but nobody has that name here. Ask the owner to add you on the People page."
                        )
                )
            }
            return try await signedIn(account, by: .proxy)
        }
        guard let id = request.cookies[Self.sessionCookie]?.value, !id.isEmpty else { return nil }
        let now = now()
        guard let session = try await accounts.session(id: id, lifetime: lifetime, now: now, recent: recentSessions) else { return nil }
        if now.timeIntervalSince(session.lastSeenAt) > SessionLifetime.touchInterval {
            try await accounts.touchSession(session, now: now)
        }
        return try await signedIn(session.account, by: .session(idSHA256: session.idSHA256))
    }

    /// Apps written for FoodData Central send their key as `api_key` or `X-Api-Key`; on `/fdc/v1`
    /// a personal access token sent so is the key. The request log never records a query.
    static func foodDataCentralKey(_ request: Request) -> String? {
        guard request.uri.path.hasPrefix("/fdc/v1/") else { return nil }
        if let header = request.headers[HTTPField.Name("X-Api-Key")!], !header.isEmpty { return header }
        return (try? request.formQuery())?["api_key"].flatMap { $0.isEmpty ? nil : $0 }
    }

    private func tokenHolder(_ authorization: String) async throws -> SignedIn {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw BadCredential(message: tr("Send a personal access token as “Authorization: Bearer <token>”."))
        }
        guard let holder = try await accounts.tokenHolder(parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw BadCredential(message: tr("That access token is not valid. It may have been revoked."))
        }
        let now = now()
        if holder.lastUsedAt.map({ now.timeIntervalSince($0) > SessionLifetime.touchInterval }) ?? true {
            try await accounts.touchToken(id: holder.tokenID, now: now)
        }
        return try await signedIn(holder.account, by: .token(id: holder.tokenID, canWrite: holder.canWrite))
    }

    /// The person as of now with their open diary; a first request picks the diary and reads the
    /// account again, so this very page already names it.
    private func signedIn(_ account: Account, by credential: RequestCredential) async throws -> SignedIn {
        let (current, diary) = try await diaries.openDiary(of: account, now: now())
        return SignedIn(account: current, credential: credential, diary: diary)
    }

    /// Whether the browser reached us over HTTPS, so the session cookie can be marked Secure. A
    /// proxy's word counts only from a trusted proxy.
    package func isHTTPS(_ request: Request, context: AppRequestContext) -> Bool {
        if servesHTTPS { return true }
        guard trustedProxies.contains(context.clientAddress) else { return false }
        return request.headers[Self.forwardedProto]?.lowercased() == "https"
    }

    /// This server's address as the browser reached it ("https://diary.home.arpa:8080"), for a link
    /// the person gives someone or something else: the host guard has vouched for the name.
    package func origin(_ request: Request, context: AppRequestContext) -> String {
        "\(isHTTPS(request, context: context) ? "https" : "http")://\(request.head.authority ?? "127.0.0.1")"
    }

    /// Who is asking, as far as we can tell: the peer, unless the peer is a trusted proxy; then the
    /// nearest address its `X-Forwarded-For` names that is not a trusted proxy itself (the list
    /// grows rightwards, and only the entries our own proxies added can be believed).
    func client(_ request: Request, context: AppRequestContext) -> String {
        let peer = context.clientAddress
        let forwarded = request.headers[values: Self.forwardedFor]
        guard trustedProxies.contains(peer), !forwarded.isEmpty else { return peer }
        let hops = forwarded.flatMap { $0.split(separator: ",") }
            .map { TrustedProxies.bareAddress($0.trimmingCharacters(in: .whitespaces)) }
        for hop in hops.reversed() {
            guard TrustedProxies.addressBytes(hop) != nil else { return peer }
            if !trustedProxies.contains(hop) { return hop }
        }
        return peer
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    func sessionCookie(_ id: BearerSecret, secure: Bool) -> Cookie {
        Cookie(
            name: Self.sessionCookie, value: id.text, maxAge: Int(lifetime.absolute), path: "/",
            secure: secure, httpOnly: true, sameSite: .lax)
    }

    func expiredSessionCookie(secure: Bool) -> Cookie {
        Cookie(name: Self.sessionCookie, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}

/// In front of every handler: finds who is asking, and, where `required`, turns away anyone
/// unknown (pages send them to sign in, JSON and photos get 401) and holds anyone who must change
/// a password somebody else chose at that form.
package struct AuthenticationMiddleware: RouterMiddleware {
    package typealias Context = AppRequestContext
    let authentication: Authentication
    let required: Bool

    package init(authentication: Authentication, required: Bool) {
        self.authentication = authentication
        self.required = required
    }

    /// The MCP endpoint, which tokens reach and browsers do not.
    static let assistantPath = "/mcp"

    /// What a person who must change their password may still do.
    static let openWhileChangingPassword: Set<String> = ["/account", "/account/password", "/signout"]

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let signedIn: SignedIn?
        do {
            signedIn = try await authentication.identify(request, context: context)
        } catch let refusal as Authentication.BadCredential {
            throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: #"Bearer realm="FoodDiary""#], message: refusal.message)
        }
        guard let signedIn else {
            if required { return try Self.refuse(request) }
            return try await next(request, context)
        }
        if required, signedIn.account.mustChangePassword, !Self.openWhileChangingPassword.contains(request.uri.path) {
            return redirect(to: "/account?notice=change_password")
        }
        // A token made to read may post only where posts are reads: FoodData Central's searches, and
        // the assistant's endpoint, whose writing tools ask the token again.
        if case .token(_, canWrite: false) = signedIn.credential, ![.get, .head].contains(request.method),
            request.uri.path != Self.assistantPath, !request.uri.path.hasPrefix("/fdc/")
        {
            throw HTTPError(.forbidden, message: tr("This access token may only read. Make one that may also write on your account page."))
        }
        var context = context
        context.requester = signedIn
        return try await next(request, context)
    }

    private static func refuse(_ request: Request) throws -> Response {
        let path = request.uri.path
        if path.hasPrefix("/api/") || path.hasPrefix("/photos/") || path.hasPrefix("/fdc/") || path == assistantPath {
            throw HTTPError(
                .unauthorized, headers: [.wwwAuthenticate: #"Bearer realm="FoodDiary""#],
                message: tr("Sign in first, or send a personal access token as “Authorization: Bearer <token>”."))
        }
        let next = request.method == .get ? "?next=" + queryEscaped(request.uri.description) : ""
        return redirect(to: "/signin" + next)
    }
}

/// Where to go after signing in: a path on this site only, never another site (`//host`, `/\host`).
enum SignInDestination {
    static func safe(_ next: String?) -> String { ReturnPath.local(next) ?? "/" }
}
