import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Logging

/// What the pages and their routes are built from: opened once at start-up by `buildApplication`.
struct AppParts: Sendable {
    let config: AppConfig
    let accounts: AccountsDatabase
    let diaries: DiaryAccess
    let catalog: CatalogDatabase
    let geonames: GeoNamesDatabase
    let renderer: PageRenderer
    let authentication: Authentication
    let setup: FirstRunSetup
    /// The server's secret, from which sign-in devices' cookies are signed.
    let secret: Data
    let health: HealthCheck
    let logger: Logger
    let now: @Sendable () -> Date
}

/// Every route the server answers, each feature's controller given what it needs. A route is
/// added here or nowhere: the tests walk `routes.registered` to check each one.
func addRoutes(to routes: Routes, _ parts: AppParts) throws {
    let (config, accounts, diaries, catalog, geonames) = (parts.config, parts.accounts, parts.diaries, parts.catalog, parts.geonames)
    let (renderer, authentication, setup, secret, health, logger, now) =
        (parts.renderer, parts.authentication, parts.setup, parts.secret, parts.health, parts.logger, parts.now)
    try AppShellController(publicDirectory: config.publicDirectory).addRoutes(to: routes)
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
}
