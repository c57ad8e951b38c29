/**
 * A self-signed certificate for 127.0.0.1 and localhost (valid until 2126), so tests can run an
 * HTTPS receiver and trust it (`ca`). Made with:
 * `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -days 36500 -nodes -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1`
 */
export const LOCALHOST_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUYFtJ05d1ncP9KQ+PLH3i6wLyS4kwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNTExMTYyOFoYDzIxMjYxMTAx
MTExNjI4WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARv7sBZODLKyudx1if0YyUkKXQ8jIKKrO34wtu0ku29jJezZOrutyml
6P1w/K5jaH99WDPvMtZCZFeDO6fm9NBSo28wbTAdBgNVHQ4EFgQUpi7R5fbQLGxk
yLl8ffuc2HhLzgQwHwYDVR0jBBgwFoAUpi7R5fbQLGxkyLl8ffuc2HhLzgQwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDRwAwRAIgElA4wqjxiwLmyJu6If8x2tho4L7+XScv9nfgowPt5S4CIGHP
k5CzgnAo5QhUCk1IPAlrzzkir7ZXdTZ4Qu0Z77dn
-----END CERTIFICATE-----
`;

export const LOCALHOST_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgcJGdZkezgndHZaKN
Jjx3tRTwuhf5DXfwkOxdDlM9pEChRANCAARv7sBZODLKyudx1if0YyUkKXQ8jIKK
rO34wtu0ku29jJezZOrutyml6P1w/K5jaH99WDPvMtZCZFeDO6fm9NBS
-----END PRIVATE KEY-----
`;
