import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird
import Logging

/// Passkeys (WebAuthn): made on the account page, used on the sign-in page without a name or a
/// password, and no second step after one (a passkey is both). The browser's part is
/// Public/js/passkeys.js; the checks are `WebAuthn`'s.
struct PasskeyController: Sendable {
    let accounts: AccountsDatabase
    let authentication: Authentication
    let challenges: PasskeyChallenges
    let signIn: SignInController
    let recentSignIn: RecentSignIn
    let logger: Logger
    let now: @Sendable () -> Date

    static let rpName = "FoodDiary"
    /// A registration or an assertion is a few hundred bytes (an RSA key some more).
    static let maxBodyBytes = 64 * 1024
    static let timeoutMilliseconds = 300_000

    func addRoutes(to routes: Routes) {
        routes.post("/account/passkeys/new", use: creationOptions)
        routes.post("/account/passkeys", use: register)
        routes.post("/account/passkeys/:id/remove", use: remove)
        routes.publicGet("/signin/passkey", use: requestOptions)
        routes.publicPost("/signin/passkey", use: authenticate)
    }

    struct Problem: Encodable {
        let error: String
    }

    // MARK: Making one

    /// The options to make one with, once the person typed their password again (or signed in
    /// lately): the challenge is the only way to register, so it is given to them alone.
    @Sendable func creationOptions(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try RecentSignIn.browser(context)
        guard case .session(let session) = person.credential else {
            throw HTTPError(.forbidden, message: tr("Make a passkey from a browser you signed in to."))
        }
        if let refusal = try await recentSignIn.refusal(request, context: context, person: person) {
            return try jsonResponse(Problem(error: refusal.text), status: RecentSignIn.status(of: refusal))
        }
        let party = try relyingParty(request, context: context)
        let challenge = challenges.begin(
            .register(accountID: person.account.id, session: session), client: authentication.client(request, context: context), now: now())
        let handle = try await accounts.userHandle(accountID: person.account.id)
        let held = try await accounts.passkeyCredentialIDs(accountID: person.account.id)
        let options: [String: Any] = [
            "challenge": Base64URL.encode(challenge), "rp": ["id": party.id, "name": Self.rpName],
            "user": ["id": Base64URL.encode(handle), "name": person.account.name, "displayName": person.account.name],
            "pubKeyCredParams": WebAuthn.supportedAlgorithms.map { ["type": "public-key", "alg": $0] },
            "timeout": Self.timeoutMilliseconds, "attestation": "none",
            // Discoverable, so signing in needs no name; verified where the authenticator can.
            "authenticatorSelection": ["residentKey": "required", "requireResidentKey": true, "userVerification": "preferred"],
            "excludeCredentials": held.map { ["type": "public-key", "id": Base64URL.encode($0)] }
        ]
        return Self.json(options)
    }

    struct Registration: Decodable {
        let name: String?
        let clientDataJSON: String
        let attestationObject: String
    }

    @Sendable func register(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let person = try RecentSignIn.browser(context)
        guard case .session(let session) = person.credential else {
            throw HTTPError(.forbidden, message: tr("Make a passkey from a browser you signed in to."))
        }
        let party = try relyingParty(request, context: context)
        guard
            let sent = try? JSONDecoder().decode(
                Registration.self, from: Data(buffer: try await request.collectBody(upTo: Self.maxBodyBytes))),
            let clientData = Base64URL.decode(sent.clientDataJSON), let attestation = Base64URL.decode(sent.attestationObject)
        else {
            return try jsonResponse(Problem(error: tr("That is not a passkey’s registration.")), status: .badRequest)
        }
        guard
            let challenge = challenges.take(
                fromClientData: clientData, for: .register(accountID: person.account.id, session: session), now: now())
        else {
            return try jsonResponse(Problem(error: tr("That request is over (five minutes) or was used. Try again.")), status: .conflict)
        }
        let credential: WebAuthn.NewCredential
        do {
            credential = try WebAuthn.verifyRegistration(
                clientDataJSON: clientData, attestationObject: attestation, challenge: challenge, relyingParty: party)
        } catch let refusal as WebAuthn.Refusal {
            logger.warning("A passkey for “\(person.account.name)” was refused: \(refusal.description)")
            return try jsonResponse(Problem(error: tr("The passkey was not added: \(refusal.description)")), status: .unprocessableContent)
        }
        let typed = (sent.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let count = try await accounts.passkeys(accountID: person.account.id).count
        let name = typed.isEmpty ? tr("Passkey \(count + 1)") : String(typed.prefix(AccountsDatabase.maxPasskeyNameLength))
        guard try await accounts.addPasskey(accountID: person.account.id, credential: credential, name: name, now: now()) else {
            return try jsonResponse(
                Problem(error: tr("The passkey was not added: it is kept already, or you have \(AccountsDatabase.maxPasskeys) of them.")),
                status: .conflict)
        }
        logger.info("“\(person.account.name)” added a passkey, “\(name)”")
        return try jsonResponse(["redirect": AccountNotice.passkeyAdded.address])
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try RecentSignIn.browser(context)
        let gone = HTTPError(.notFound, message: tr("There is no such passkey of yours; it may have been removed already."))
        // Whose it is, before anything else: another person's passkey is not found, whatever the password.
        guard let id = context.parameters.get("id").flatMap(Int64.init),
            try await accounts.passkeys(accountID: person.account.id).contains(where: { $0.id == id })
        else { throw gone }
        if let refusal = try await recentSignIn.refusal(request, context: context, person: person) {
            return redirect(to: refusal.address(at: .passkeys))
        }
        guard try await accounts.removePasskey(accountID: person.account.id, id: id) else { throw gone }
        logger.info("“\(person.account.name)” removed a passkey")
        return redirect(to: AccountNotice.passkeyRemoved.address)
    }

    // MARK: Signing in

    @Sendable func requestOptions(_ request: Request, context: AppRequestContext) async throws -> Response {
        let party = try relyingParty(request, context: context)
        let browser = BearerSecret.make()
        let challenge = challenges.begin(
            .signIn(browser: browser.sha256), client: authentication.client(request, context: context), now: now())
        var response = Self.json([
            "challenge": Base64URL.encode(challenge), "rpId": party.id, "timeout": Self.timeoutMilliseconds,
            "userVerification": "preferred", "allowCredentials": [[String: String]]()
        ])
        response.setCookie(PasskeyChallenges.cookie(browser, secure: authentication.isHTTPS(request, context: context)))
        return response
    }

    struct Assertion: Decodable {
        let id: String
        let clientDataJSON: String
        let authenticatorData: String
        let signature: String
        let userHandle: String?
        let next: String?
    }

    @Sendable func authenticate(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let party = try relyingParty(request, context: context)
        let client = authentication.client(request, context: context)
        guard
            let sent = try? JSONDecoder().decode(
                Assertion.self, from: Data(buffer: try await request.collectBody(upTo: Self.maxBodyBytes))),
            let credentialID = Base64URL.decode(sent.id), let clientData = Base64URL.decode(sent.clientDataJSON),
            let authenticatorData = Base64URL.decode(sent.authenticatorData), let signature = Base64URL.decode(sent.signature)
        else {
            return try jsonResponse(Problem(error: tr("That is not a passkey’s answer.")), status: .badRequest)
        }
        guard let browser = request.cookies[PasskeyChallenges.cookieName]?.value,
            let challenge = challenges.take(fromClientData: clientData, for: .signIn(browser: BearerSecret.sha256(of: browser)), now: now())
        else {
            return try jsonResponse(Problem(error: tr("That sign-in is over (five minutes) or was used. Try again.")), status: .conflict)
        }
        guard let stored = try await accounts.storedPasskey(credentialID: credentialID),
            sent.userHandle.map({ Base64URL.decode($0) == stored.userHandle }) ?? true
        else {
            logger.warning("A sign-in with an unknown passkey from \(client)")
            return try jsonResponse(
                Problem(error: tr("This passkey is not one of this server’s: it may have been removed. Sign in with your password.")),
                status: .unauthorized)
        }
        do {
            let count = try WebAuthn.verifyAssertion(
                publicKeyCOSE: stored.publicKeyCOSE, storedSignCount: stored.signCount, clientDataJSON: clientData,
                authenticatorData: authenticatorData, signature: signature, challenge: challenge, relyingParty: party)
            guard try await accounts.usePasskey(id: stored.id, from: stored.signCount, to: count, now: now()) else {
                throw WebAuthn.Refusal(description: tr("The passkey was used at the same moment elsewhere."))
            }
        } catch let refusal as WebAuthn.Refusal {
            logger.warning("A passkey sign-in from \(client) was refused: \(refusal.description)")
            return try jsonResponse(Problem(error: tr("That passkey did not sign you in: \(refusal.description)")), status: .unauthorized)
        }
        guard let account = try await accounts.account(id: stored.accountID) else { throw HTTPError(.unauthorized) }
        logger.info("Signed in: “\(account.name)” from \(client), with a passkey")
        // The page follows the redirect and goes where it leads; the session cookie comes with it.
        var response = try await signIn.startSession(
            for: account, by: .passkey, request: request, context: context, then: SignInDestination.safe(sent.next))
        response.setCookie(PasskeyChallenges.cookie(nil, secure: authentication.isHTTPS(request, context: context)))
        return response
    }

    /// The server's name as the browser reached it (the host guard has checked it) and the page's
    /// origin. Browsers refuse an IP address as an RP ID, so a passkey needs a name: localhost here.
    private func relyingParty(_ request: Request, context: AppRequestContext) throws -> WebAuthn.RelyingParty {
        guard let authority = request.head.authority else { throw HTTPError(.badRequest, message: tr("The request names no host.")) }
        let host = AllowedHosts.hostPart(of: authority).lowercased()
        if host.contains(":") || host.split(separator: ".").allSatisfy({ UInt8($0) != nil }) {
            throw HTTPError(
                .conflict,
                message:
                    tr(
                        "Passkeys need the server’s name, not an address: open it as http://localhost:… on this machine, or by its name on your network."
                    )
            )
        }
        return WebAuthn.RelyingParty(
            id: host, origin: "\(authentication.isHTTPS(request, context: context) ? "https" : "http")://\(authority.lowercased())")
    }

    private static func json(_ value: [String: Any]) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
