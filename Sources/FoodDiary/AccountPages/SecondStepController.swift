import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird
import Logging

/// A second step at sign-in (RFC 6238 codes from an authenticator app): `/signin/code` after a
/// right password, and setting it up, turning it off and new recovery codes on the account page.
/// Codes count against the same throttle as passwords; each code and recovery code works once.
struct SecondStepController: Sendable {
    let accounts: AccountsDatabase
    let authentication: Authentication
    let throttle: SignInThrottle
    let devices: SignInDevices
    let challenges: SecondStepChallenges
    let seal: SecondStepSeal
    let signIn: SignInController
    let recentSignIn: RecentSignIn
    let renderer: PageRenderer
    let logger: Logger
    let now: @Sendable () -> Date

    static let issuer = "FoodDiary"
    static let lockedText =
        tr("Too many wrong codes were typed for this account, from anywhere, so codes are not checked now. ")
        + tr("Sign in with a recovery code (or a passkey) and lift the lock on your account page, or ask the household’s owner to lift it.")

    func addRoutes(to routes: Routes) {
        routes.publicGet("/signin/code", use: codeForm)
        routes.publicPost("/signin/code", use: checkCode)
        routes.get("/account/second-step", use: setupForm)
        routes.get("/account/second-step/qr.svg", use: qrCode)
        routes.post("/account/second-step", use: turnOn)
        routes.post("/account/second-step/off", use: turnOff)
        routes.post("/account/second-step/recovery-codes", use: newRecoveryCodes)
        routes.post("/account/second-step/unlock", use: liftLock)
    }

    // MARK: Signing in

    @Sendable func codeForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard challenges.challenge(request.cookies[SecondStepChallenges.cookieName]?.value, now: now()) != nil else {
            return redirect(to: "/signin?notice=code_expired")
        }
        return await renderer.render(.signInCode, SignInCodeView(csrfToken: context.csrfToken, problem: nil), for: context)
    }

    @Sendable func checkCode(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = request.cookies[SecondStepChallenges.cookieName]?.value
        guard let token, let challenge = challenges.challenge(token, now: now()) else { return redirect(to: "/signin?notice=code_expired") }
        let client = authentication.client(request, context: context)
        let keys = SignInThrottle.keys(name: challenge.name, client: client, device: devices.device(in: request, for: challenge.accountID))
        if let wait = throttle.wait(for: keys, now: now()) {
            var response = await renderer.render(
                .signInCode,
                SignInCodeView(
                    csrfToken: context.csrfToken, problem: tr("Too many wrong codes. Try again in \(SignInController.duration(wait)).")),
                for: context, status: .tooManyRequests)
            response.headers[.retryAfter] = String(Int(wait.rounded(.up)))
            return response
        }
        let typed = context.formFields["code"] ?? ""
        // A recovery code's 80 bits are not guessed; the six digits are, so they are counted per account.
        let checked = RecoveryCodes.looksLikeOne(typed) ? true : try await accounts.reserveCodeCheck(accountID: challenge.accountID)
        guard checked else {
            logger.warning(
                "A second-step code for “\(challenge.name)” from \(client) was not checked: the account is locked after \(SecondStepLock.limit) wrong codes"
            )
            return await renderer.render(
                .signInCode, SignInCodeView(csrfToken: context.csrfToken, problem: Self.lockedText), for: context, status: .forbidden)
        }
        guard let how = try await accepts(typed, accountID: challenge.accountID) else {
            throttle.recordFailure(for: keys, now: now())
            logger.warning("A wrong second-step code for “\(challenge.name)” from \(client)")
            guard challenges.fail(token) else { return redirect(to: "/signin?notice=code_attempts") }
            return await renderer.render(
                .signInCode,
                SignInCodeView(
                    csrfToken: context.csrfToken,
                    problem: tr("That code is not right, or was used already. Type the code your app shows now.")),
                for: context, status: .unauthorized)
        }
        throttle.recordSuccess(for: keys)
        if how == .passwordAndCode { try await accounts.forgiveSlips(accountID: challenge.accountID) }
        challenges.end(token)
        guard let account = try await accounts.account(id: challenge.accountID) else { return redirect(to: "/signin?notice=code_expired") }
        logger.info("Signed in: “\(account.name)” from \(client), with the \(how.rawValue)")
        var response = try await signIn.startSession(for: account, by: how, request: request, context: context, then: challenge.next)
        response.setCookie(SecondStepChallenges.cookie(nil, secure: authentication.isHTTPS(request, context: context)))
        return response
    }

    /// How the person signed in when `typed` is a code or recovery code not used before; nil otherwise.
    private func accepts(_ typed: String, accountID: Int64) async throws -> SignInMethod? {
        if RecoveryCodes.looksLikeOne(typed) {
            return try await accounts.useRecoveryCode(accountID: accountID, codeSHA256: RecoveryCodes.sha256(of: typed), now: now())
                ? .passwordAndRecoveryCode : nil
        }
        guard let state = try await accounts.secondStep(accountID: accountID), state.isOn, let secret = seal.open(state.sealedSecret),
            let step = OneTimeCodes.matchingStep(typed, secret: secret, now: now(), after: state.lastStep)
        else { return nil }
        return try await accounts.takeSecondStep(accountID: accountID, step: step) ? .passwordAndCode : nil
    }

    // MARK: The account page

    @Sendable func setupForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try RecentSignIn.browser(context)
        guard let secret = try await pendingSecret(accountID: person.account.id, makeOne: true) else { return redirect(to: "/account") }
        return await renderer.render(
            .secondStepSetup, SecondStepSetupView(secret: secret, name: person.account.name, csrfToken: context.csrfToken), for: context)
    }

    /// The QR code of the key being set up, never cached: it is a secret.
    @Sendable func qrCode(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try RecentSignIn.browser(context)
        guard let secret = try await pendingSecret(accountID: person.account.id, makeOne: false),
            let svg = QRCodePicture.svg(
                OneTimeCodes.address(secret: secret, account: person.account.name, issuer: Self.issuer),
                label: tr("QR code of the key, for an authenticator app"))
        else {
            throw HTTPError(.notFound, message: tr("There is no second step being set up."))
        }
        return Response(
            status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: svg)))
    }

    @Sendable func turnOn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try RecentSignIn.browser(context)
        guard let secret = try await pendingSecret(accountID: person.account.id, makeOne: false) else { return redirect(to: "/account") }
        if let refusal = try await recentSignIn.refusal(request, context: context, person: person) {
            return await renderer.render(
                .secondStepSetup,
                SecondStepSetupView(
                    secret: secret, name: person.account.name, csrfToken: context.csrfToken,
                    passwordError: refusal.text),
                for: context, status: RecentSignIn.status(of: refusal))
        }
        guard let step = OneTimeCodes.matchingStep(context.formFields["code"] ?? "", secret: secret, now: now(), after: 0) else {
            return await renderer.render(
                .secondStepSetup,
                SecondStepSetupView(
                    secret: secret, name: person.account.name, csrfToken: context.csrfToken,
                    codeError: tr("That is not the code the app shows now. Check the app’s clock is right, and type the 6 digits it shows.")
                ),
                for: context, status: .unprocessableContent)
        }
        let codes = RecoveryCodes.make()
        guard
            try await accounts.confirmSecondStep(
                accountID: person.account.id, step: step, recoveryCodeHashes: codes.map(RecoveryCodes.sha256(of:)), now: now())
        else {
            return redirect(to: "/account")
        }
        logger.info("“\(person.account.name)” turned on a second step")
        return await renderer.render(.recoveryCodes, RecoveryCodesView(codes: codes, isNew: true), for: context)
    }

    @Sendable func turnOff(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try RecentSignIn.browser(context)
        if let refusal = try await recentSignIn.refusal(request, context: context, person: person) {
            return redirect(to: refusal.address(at: .secondStep))
        }
        try await accounts.removeSecondStep(accountID: person.account.id)
        logger.info("“\(person.account.name)” turned off their second step")
        return redirect(to: AccountNotice.secondStepOff.address)
    }

    @Sendable func newRecoveryCodes(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try RecentSignIn.browser(context)
        guard try await accounts.secondStep(accountID: person.account.id)?.isOn == true else { return redirect(to: "/account") }
        if let refusal = try await recentSignIn.refusal(request, context: context, person: person) {
            return redirect(to: refusal.address(at: .secondStep))
        }
        let codes = RecoveryCodes.make()
        try await accounts.replaceRecoveryCodes(accountID: person.account.id, hashes: codes.map(RecoveryCodes.sha256(of:)))
        logger.info("“\(person.account.name)” made new recovery codes")
        return await renderer.render(.recoveryCodes, RecoveryCodesView(codes: codes, isNew: false), for: context)
    }

    @Sendable func liftLock(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try RecentSignIn.browser(context)
        if let refusal = try await recentSignIn.refusal(request, context: context, person: person) {
            return redirect(to: refusal.address(at: .secondStep))
        }
        try await accounts.clearWrongCodes(accountID: person.account.id)
        logger.info("“\(person.account.name)” lifted the lock on their second step")
        return redirect(to: AccountNotice.secondStepUnlocked.address)
    }

    /// The key being set up: the one kept (so reloading the page keeps what was scanned) or, with
    /// `makeOne`, a new one. Nil once the second step is on.
    private func pendingSecret(accountID: Int64, makeOne: Bool) async throws -> Data? {
        let state = try await accounts.secondStep(accountID: accountID)
        if state?.isOn == true { return nil }
        if let sealed = state?.sealedSecret, let secret = seal.open(sealed) { return secret }
        guard makeOne else { return nil }
        let secret = OneTimeCodes.newSecret()
        return try await accounts.beginSecondStep(accountID: accountID, sealedSecret: try seal.seal(secret)) ? secret : nil
    }
}
