/**
 * PostgreSQL notices a client machine that vanished (power loss, a network cut) only through TCP
 * keepalives, after the system's default of about 2 hours. Until then the dead client's session
 * keeps its locks and its open transaction. With these settings it notices in about 25 s. They are
 * per session and apply to TCP connections only (a Unix socket dies with its host anyway).
 */
export const DEAD_PEER_KEEPALIVES = ['tcp_keepalives_idle = 10', 'tcp_keepalives_interval = 5', 'tcp_keepalives_count = 3'];
