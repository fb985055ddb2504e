import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryWeb
import Foundation
import Logging

/// The few settings of the app's configuration that the features' pages read.
package struct FeatureSettings: Sendable {
    package var publicDirectory: String
    package var timeZone: TimeZone
    package var maxUploadBytes: Int
    package var maxImportBytes = 4_000_000_000
    package var dataDirectory: String
    package var backupsPath: String
    package var backupSchedule: BackupSchedule.Plan?
    package var fdcBaseURL: URL
    package var fdcDeadline: Duration
    package var fdcAPIKey: String?
    package var offBaseURL: URL
    /// Whether a recipe's address may be on the home network (a recipe server of the household's own).
    package var recipePagesOnHomeNetwork: Bool
    /// The owner's model for suggestions; nil (the default) sends nothing anywhere.
    package var model: ModelEndpoint?
    /// The household's OpenID provider; nil without single sign-on.
    package var singleSignOn: OpenIDSettings?
    /// Whether a name and password sign in (`--no-password-sign-in` turns it off).
    package var passwordSignIn = true
    /// Whether a push service may be on the home network (`--push-from-home-network`): a household's
    /// own, or the tests' stand-in.
    package var pushServicesOnHomeNetwork = false
    /// VAPID's `sub`: whom a push service may write to about this server (`--push-contact`).
    package var pushContact = "mailto:fooddiary@localhost"
    /// The household's SMTP server for mail reminders (`--smtp`); nil offers none.
    package var mail: OutboundMail.Settings?

    package init(
        publicDirectory: String, timeZone: TimeZone, maxUploadBytes: Int, dataDirectory: String, backupsPath: String,
        backupSchedule: BackupSchedule.Plan?, fdcBaseURL: URL, fdcDeadline: Duration, fdcAPIKey: String?,
        offBaseURL: URL, recipePagesOnHomeNetwork: Bool, model: ModelEndpoint? = nil
    ) {
        self.publicDirectory = publicDirectory
        self.timeZone = timeZone
        self.maxUploadBytes = maxUploadBytes
        self.dataDirectory = dataDirectory
        self.backupsPath = backupsPath
        self.backupSchedule = backupSchedule
        self.fdcBaseURL = fdcBaseURL
        self.fdcDeadline = fdcDeadline
        self.fdcAPIKey = fdcAPIKey
        self.offBaseURL = offBaseURL
        self.recipePagesOnHomeNetwork = recipePagesOnHomeNetwork
        self.model = model
    }
}

/// What the features' pages are built from: opened once at start-up by the app.
package struct FeatureParts: Sendable {
    let settings: FeatureSettings
    let accounts: AccountsDatabase
    let diaries: DiaryAccess
    let catalog: CatalogDatabase
    let geonames: GeoNamesDatabase
    let renderer: PageRenderer
    /// The languages the pages can be read in, for the choice on the settings page.
    let languages: Languages
    let authentication: Authentication
    let setup: FirstRunSetup
    /// The server's secret, from which sign-in devices' cookies are signed.
    let secret: Data
    let logger: Logger
    let now: @Sendable () -> Date

    package init(
        settings: FeatureSettings, accounts: AccountsDatabase, diaries: DiaryAccess, catalog: CatalogDatabase, geonames: GeoNamesDatabase,
        renderer: PageRenderer, languages: Languages, authentication: Authentication, setup: FirstRunSetup, secret: Data,
        logger: Logger, now: @escaping @Sendable () -> Date
    ) {
        self.settings = settings
        self.accounts = accounts
        self.diaries = diaries
        self.catalog = catalog
        self.geonames = geonames
        self.renderer = renderer
        self.languages = languages
        self.authentication = authentication
        self.setup = setup
        self.secret = secret
        self.logger = logger
        self.now = now
    }
}
