import Crypto

/// An App Store Connect API key the fake accepts: its id (the JWT header's `kid`), the issuer id of
/// a team key, and the public half of the key pair, which verifies the token's ES256 signature.
public struct FakeAPIKey: Sendable {
    /// The key id, matched against the token header's `kid`.
    public var keyID: String
    /// The issuer id a team key's tokens carry as `iss`; nil for an individual key (`sub: "user"`).
    public var issuerID: String?
    /// The public key that verifies token signatures.
    public var publicKey: P256.Signing.PublicKey

    /// A key with id `keyID`, issuer `issuerID` (nil: an individual key) and public key `publicKey`.
    public init(keyID: String, issuerID: String?, publicKey: P256.Signing.PublicKey) {
        self.keyID = keyID
        self.issuerID = issuerID
        self.publicKey = publicKey
    }
}
