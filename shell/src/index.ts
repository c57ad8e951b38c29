// Module Federation negotiates shared modules before any of them runs: everything starts in bootstrap.
import('./bootstrap');
