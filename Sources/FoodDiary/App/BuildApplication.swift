import FoodDiaryBase
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Builds the whole application; `fooddiary serve` and the tests both call this.
///
/// - Parameters:
///   - now: the clock, so tests can pin "now".
///   - onRunning: told the port actually bound once the server listens (port 0 picks a free one).
public func buildApplication(
    config: AppConfig,
    logger: Logger = Logger(label: "fooddiary"),
    now: @escaping @Sendable () -> Date = { Date() },
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> FoodDiaryApplication {
    let tlsConfiguration = try config.tls?.configuration()
    let dataLock = try DataDirectoryLock(path: config.lockPath, directory: config.dataDirectory)
    if try DataSwap.finishInterrupted(in: config.dataDirectory) { logger.notice("Finished a restore that was interrupted before this start") }
    if let warning = DiskSpace.warning(for: config.dataDirectory) { logger.warning("\(warning)") }
    let catalog = try CatalogDatabase.open(path: config.catalogPath, searchesInFlight: config.searchesInFlight)
    try importCatalogIfMissing(catalog, config: config, logger: logger)
    Task { await catalog.prepareSearch() }
    let geonames = try GeoNamesDatabase.open(path: config.geonamesPath)
    try importGeoNamesIfMissing(geonames, directory: config.geonamesDirectory, logger: logger)
    var renderer = try PageRenderer(directory: config.templatesDirectory)
    renderer.check = config.renderedPageCheck
    // Every page shows the strip, so it is read once per change to the diary (or new day), not per page.
    renderer.statusStrip = { person in
        let diary = person.diary
        let today = LocalDateTime(now(), in: config.timeZone).date
        return try? await diary.statusStrips.value(for: today, in: diary.database) { db in
            let day = try DayQueries.totals(db, from: today, through: today).first
            return StatusStripView(totals: day?.totals ?? NutrientValues(), goals: try DailyGoals.fetch(db), notItemised: day?.notItemisedCount ?? 0)
        }
    }
    try ImageLibrary.start()

    let secret = try config.secret ?? ServerSecret.loadOrCreate(in: config.dataDirectory)
    let tokens = CSRFTokens(secret: secret)
    let accounts = try AccountsDatabase.open(path: config.accountsPath)
    let setup = FirstRunSetup(needed: try await accounts.accountCount() == 0)
    let files = DiaryFiles(directory: config.diariesDirectory)
    try await adoptLegacyDiaryIfPresent(config: config, accounts: accounts, files: files, logger: logger, now: now)
    files.removeDiscarded()
    let diaries = DiaryAccess(accounts: accounts, pool: DiaryPool(files: files, maxPhotoPixels: config.maxPhotoPixels))
    let maintenance = Maintenance(diaries: { diaries.openDiaries }, now: now, logger: logger)
    for id in files.existing() {
        let diary = try files.open(id, maxPhotoPixels: config.maxPhotoPixels)
        await maintenance.runOnce(diary, atStartUp: true)
        let restored = try await catalog.restoreKeptFoods(from: diary.database)
        if restored > 0 { logger.info("Put \(restored) foods picked from FoodData Central back into the catalog, from diary \(id)") }
    }
    let authentication = Authentication(
        accounts: accounts, lifetime: config.sessionLifetime, proxyHeader: config.trustedProxyHeader.flatMap { HTTPField.Name($0) },
        trustedProxies: config.trustedProxies, servesHTTPS: tlsConfiguration != nil, now: now, diaries: diaries)
    let router = Router(context: AppRequestContext.self, options: [.autoGenerateHeadEndpoints])
    // Order matters: a middleware wraps those added after it.
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: NoSniffMiddleware())
    if tlsConfiguration != nil { router.add(middleware: StrictTransportSecurityMiddleware()) }
    router.add(middleware: HostGuard(allowed: AllowedHosts(boundHost: config.host, extra: config.allowedHosts)))
    router.add(middleware: ErrorPageMiddleware(renderer: renderer))
    router.add(middleware: NumberConventionMiddleware())
    router.add(middleware: StaticFilesMiddleware(files: FileMiddleware(config.publicDirectory, urlBasePath: "/static", cacheControl: .init([
        (MediaType(type: .any), [.maxAge(3600)]),
    ]), logger: logger)))

    let budget = UploadBudget(totalLimit: config.maxUploadBytesInFlight, perClientLimit: config.maxUploadBytesInFlightPerClient)
    let formBody = FormBodyMiddleware(maxUploadBytes: config.maxUploadBytes, tokens: tokens, budget: budget)
    let routes = Routes(router: router, formBody: formBody, tokens: tokens, authentication: authentication)
    try AppShellController(publicDirectory: config.publicDirectory).addRoutes(to: routes)
    let health = HealthCheck(deadline: config.healthCheckDeadline, accounts: accounts, catalog: catalog, geonames: geonames, diaries: { diaries.openDiaries })
    HealthController(health: health).addRoutes(to: routes)
    let throttle = SignInThrottle()
    SignInController(accounts: accounts, authentication: authentication, throttle: throttle, devices: SignInDevices(secret: secret), setup: setup, renderer: renderer,
                     logger: logger, now: now).addRoutes(to: routes)
    AccountController(accounts: accounts, authentication: authentication, throttle: throttle, renderer: renderer, logger: logger,
                      timeZone: config.timeZone, now: now).addRoutes(to: routes)
    DiariesController(diaries: diaries, renderer: renderer, logger: logger, now: now).addRoutes(to: routes)
    PeopleController(accounts: accounts, authentication: authentication, renderer: renderer, logger: logger, timeZone: config.timeZone, now: now).addRoutes(to: routes)
    MealPagesController(geonames: geonames, maxUploadBytes: config.maxUploadBytes, renderer: renderer, timeZone: config.timeZone, now: now).addRoutes(to: routes)
    MealsAPIController().addRoutes(to: routes)
    MorePageController(renderer: renderer).addRoutes(to: routes)
    FoodPagesController(catalog: catalog, renderer: renderer, logTargets: LogController.targets(timeZone: config.timeZone, now: now)).addRoutes(to: routes)
    FoodsAPIController(catalog: catalog).addRoutes(to: routes)
    let household = HouseholdFoods(diaries: diaries)
    LogController(catalog: catalog, household: household, geonames: geonames, renderer: renderer, timeZone: config.timeZone, now: now).addRoutes(to: routes)
    let online = FoodDataCentralOnline(baseURL: config.fdcBaseURL, deadline: config.fdcDeadline)
    EntryPagesController(catalog: catalog, household: household, online: online, serverKey: config.fdcAPIKey, renderer: renderer, now: now)
        .addRoutes(to: routes)
    OnlineFoodsController(catalog: catalog, online: online, serverKey: config.fdcAPIKey, renderer: renderer, now: now).addRoutes(to: routes)
    FoodDataCentralSettingsController(serverKey: config.fdcAPIKey, renderer: renderer).addRoutes(to: routes)
    FoodDataCentralAPIController(catalog: catalog).addRoutes(to: routes)
    SavedFoodsController(catalog: catalog, renderer: renderer, now: now).addRoutes(to: routes)
    PhotoPagesController().addRoutes(to: routes)
    PlacePagesController(renderer: renderer, timeZone: config.timeZone).addRoutes(to: routes)
    PlacesAPIController().addRoutes(to: routes)
    DayPagesController(renderer: renderer, timeZone: config.timeZone, now: now).addRoutes(to: routes)
    FavouritesController(renderer: renderer, timeZone: config.timeZone, now: now).addRoutes(to: routes)
    MealSharingController(sharing: MealSharing(diaries: diaries, now: now), renderer: renderer, logger: logger)
        .addRoutes(to: routes)
    QuickAddController(renderer: renderer, now: now).addRoutes(to: routes)
    ItemisingController(geonames: geonames, maxUploadBytes: config.maxUploadBytes, renderer: renderer, timeZone: config.timeZone, now: now)
        .addRoutes(to: routes)
    MyFoodsController(household: household, renderer: renderer, now: now).addRoutes(to: routes)
    RecipesController(catalog: catalog, household: household, online: online, serverKey: config.fdcAPIKey, renderer: renderer, now: now)
        .addRoutes(to: routes)
    HouseholdFoodsController(household: household, now: now).addRoutes(to: routes)
    BackupsController(maker: BackupMaker(dataDirectory: config.dataDirectory, now: now), folder: .backups(config.backupsPath),
                      plan: config.backupSchedule, dataDirectory: config.dataDirectory, renderer: renderer, logger: logger,
                      timeZone: config.timeZone).addRoutes(to: routes)
    PortabilityController(catalog: catalog, renderer: renderer, timeZone: config.timeZone, maxUploadBytes: config.maxUploadBytes, now: now)
        .addRoutes(to: routes)
    routes.finish()
    let schedule = config.backupSchedule.map {
        BackupSchedule(plan: $0, dataDirectory: config.dataDirectory, backupDirectory: config.backupsPath, logger: logger, now: now)
    }

    let systemd = config.systemd.map { SystemdNotifier(settings: $0, health: health, logger: logger) }
    let brandedFoods: [any Service] = config.fdcDirectory.map {
        [BrandedFoodsService(importer: BrandedFoodsImport(catalog: catalog, directory: $0, logger: logger), logger: logger)]
    } ?? []

    let application = Application(
        router: router,
        server: try tlsConfiguration.map { try .tls(DeadlineHTTP1Channel.builder(config.deadlines), tlsConfiguration: $0) }
            ?? DeadlineHTTP1Channel.builder(config.deadlines),
        configuration: .init(address: .hostname(config.bindAddress, port: config.port), serverName: "FoodDiary"),
        services: [maintenance] + (schedule.map { [$0] } ?? []) + brandedFoods + (systemd.map { [$0] } ?? []),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? config.port
            let scheme = tlsConfiguration == nil ? "http" : "https"
            let here = ListeningAddress.reachableFromThisMachine(channel.localAddress)
            logger.info("FoodDiary is ready at \(scheme)://\(here):\(port) (data in \(config.dataDirectory))")
            if let token = setup.token {
                logger.notice("No account exists yet. Create the owner's account on this machine: \(scheme)://\(here):\(port)/setup?token=\(token)")
            }
            systemd?.ready()
            await onRunning(port)
        },
        // One thread is plenty for a household's sockets; a second one per core competed with the
        // threads rendering pages and tripled the slowest 1 % of page times under load (p99 34 → 11 ms).
        eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup(numberOfThreads: 1)),
        logger: logger
    )
    return FoodDiaryApplication(application: application, routes: routes.registered, setup: setup, dataLock: dataLock)
}

/// The running application, with the routes it registered so tests can walk every one of them.
public struct FoodDiaryApplication: ApplicationProtocol {
    public typealias Responder = RouterResponder<AppRequestContext>
    let application: Application<Responder>
    public let routes: [RegisteredRoute]
    /// The first-run setup link's secret while no account exists.
    public let setup: FirstRunSetup
    /// Held for as long as the application exists.
    let dataLock: DataDirectoryLock

    public var responder: Responder { application.responder }
    public var server: HTTPServerBuilder { application.server }
    public var configuration: ApplicationConfiguration { application.configuration }
    public var logger: Logger { application.logger }
    public var services: [any Service] { application.services }
    public var eventLoopGroup: any EventLoopGroup { application.eventLoopGroup }
    public var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { application.processesRunBeforeServerStart }
    public func onServerRunning(_ channel: any Channel) async { await application.onServerRunning(channel) }
}

/// A diary kept at `<data-dir>/diary.sqlite` by a version before diaries were folders moves into
/// `diaries/<id>/`, nobody's until the first owner opens a page; then it is theirs.
func adoptLegacyDiaryIfPresent(config: AppConfig, accounts: AccountsDatabase, files: DiaryFiles, logger: Logger,
                               now: @Sendable () -> Date) async throws {
    let manager = FileManager.default
    guard manager.fileExists(atPath: config.legacyDiaryPath) || manager.fileExists(atPath: config.legacyPhotosDirectory) else { return }
    let id = try await accounts.upgradedDiary(isMoved: { manager.fileExists(atPath: files.databasePath($0)) }, now: now())
    try files.adoptLegacyDiary(at: config.legacyDiaryPath, photos: config.legacyPhotosDirectory, as: id)
    logger.notice("Moved the diary at \(config.legacyDiaryPath) to \(files.folder(id)); it is the owner's first diary")
}

/// Builds the food catalog and the place-name index from the fetched files when they are missing,
/// as `serve` does on first start; `demo` needs them too.
public func importReferenceDataIfMissing(config: AppConfig, logger: Logger) throws {
    try importCatalogIfMissing(try CatalogDatabase.open(path: config.catalogPath), config: config, logger: logger)
    try importGeoNamesIfMissing(try GeoNamesDatabase.open(path: config.geonamesPath), directory: config.geonamesDirectory, logger: logger)
}

/// First start: build the catalog from the fetched USDA files so search works with no network.
func importCatalogIfMissing(_ catalog: CatalogDatabase, config: AppConfig, logger: Logger) throws {
    guard catalog.datasetVersion == nil else {
        let importer = CatalogImporter(directory: config.sr28Directory ?? "", fdcDirectory: config.fdcDirectory, logger: logger)
        if importer.hasGenericFoods, catalog.foodDataCentralVersion == nil {
            logger.info("Adding FoodData Central's survey and Foundation foods to the catalog (once)…")
            let added = try importer.importGenericFoods(into: catalog)
            logger.info("Added \(added) foods")
        }
        return
    }
    guard let directory = config.sr28Directory, FileManager.default.fileExists(atPath: directory + "/FOOD_DES.txt") else {
        logger.warning("The food catalog is empty and no USDA SR28 files were found; food search will find nothing. Run scripts/fetch-data.sh, then `fooddiary catalog import .cache/sr28`.")
        return
    }
    logger.info("Importing the USDA SR28 food catalog from \(directory) (first start only)…")
    let start = ContinuousClock.now
    let summary = try CatalogImporter(directory: directory, fdcDirectory: config.fdcDirectory, logger: logger).importInto(catalog)
    logger.info("Imported \(summary.foods) foods in \(ContinuousClock.now - start)")
}

/// `Public/` under `/static/` only: other addresses never reach the file middleware, so its
/// answers to odd paths ("/photos/../x" is a 400 there) cannot replace our own 404s.
struct StaticFilesMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let files: FileMiddleware<AppRequestContext, LocalFileSystem>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/static/") else { return try await next(request, context) }
        return try await files.handle(request, context: context, next: next)
    }
}
